// The order desk's public face: the sync button the Shopee order screen shares.
export { SyncOrdersButton } from './components/sync-orders.tsx';
