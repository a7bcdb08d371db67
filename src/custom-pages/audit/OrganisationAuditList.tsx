// /organisation/audit: the organisation's own audit trail, for its admins.
import { AuditList } from './AuditList.tsx';

export default function OrganisationAuditList() {
  return <AuditList staff={false} />;
}
