// /admin/audit: every organisation's audit trail, for staff.
import { AuditList } from './AuditList.tsx';

export default function StaffAuditList() {
  return <AuditList staff />;
}
