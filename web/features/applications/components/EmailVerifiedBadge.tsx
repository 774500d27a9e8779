import { MailCheck, MailWarning } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

/** Whether the applicant proved they own their e-mail address (the link we mailed them, or a provider that vouched). */
export function EmailVerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge variant="success">
      <MailCheck aria-hidden /> Email verified
    </Badge>
  ) : (
    <Badge variant="warning">
      <MailWarning aria-hidden /> Email not verified
    </Badge>
  );
}
