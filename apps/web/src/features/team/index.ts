/** Sub-accounts: the pages load through the view registry; the history panel is for other features' drawers. */
export { AuditHistory } from './components/audit-history.tsx';
// The permission check boxes, which the operators' role editor uses on the console's tree.
export { PermissionTreeField } from './components/permission-tree.tsx';
