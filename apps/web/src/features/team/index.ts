/** Sub-accounts: the pages load through the view registry; the history panel is for other features' drawers. */
export { AuditHistory } from './components/audit-history.tsx';
