// The audit log's public face: services record their writes through `recordAudit`.
export { AUDIT_RETENTION_DAYS, recordAudit, type AuditRecord } from './service.ts';
