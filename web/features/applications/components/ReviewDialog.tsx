import { TriangleAlert, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { REJECTION_REASON_LABELS, REJECTION_REASONS, type ApplicationCheckKey, type RejectionReason, type RiskLevel } from '../../../../common/constants/options.ts';
import type { PendingApplication } from '../../../../common/schemas/applications.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatDate } from '../../../lib/format.ts';
import { applicantName, roleAtCompany } from './ApplicationRow.tsx';
import { ApproveControl, ResendVerificationButton } from './ApproveControl.tsx';
import { ChecklistControls } from './ChecklistControls.tsx';
import { EmailVerifiedBadge } from './EmailVerifiedBadge.tsx';
import { RiskSelect } from './RiskSelect.tsx';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 whitespace-pre-line break-words text-sm">{children || <span className="text-muted-foreground">Not provided</span>}</dd>
    </div>
  );
}

function ExternalLink({ href }: { href: string }) {
  if (!/^https?:\/\//i.test(href)) return <>{href}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
      {href}
    </a>
  );
}

function Tags({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((t) => (
        <li key={t}>
          <Badge variant="secondary">{t}</Badge>
        </li>
      ))}
    </ul>
  );
}

export interface ReviewDialogProps {
  application: PendingApplication | null;
  onOpenChange: (open: boolean) => void;
  deciding: boolean;
  onCheck: (key: ApplicationCheckKey, checked: boolean) => void;
  onRisk: (risk: RiskLevel) => void;
  onApprove: (notes: string) => void;
  onReject: (reason: RejectionReason, notes: string) => void;
}

/** The review dialog: Profile, Background, Verification and Decision tabs, with whether the e-mail address is verified. */
export function ReviewDialog({ application: a, onOpenChange, deciding, onCheck, onRisk, onApprove, onReject }: ReviewDialogProps) {
  const [notes, setNotes] = useState(a?.reviewerNotes ?? '');
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [confirmReject, setConfirmReject] = useState(false);
  const userId = a?.userId;
  // the form starts afresh when another application is opened, not on every checklist change (adjusted while rendering)
  const [formFor, setFormFor] = useState(userId);
  if (formFor !== userId) {
    setFormFor(userId);
    setNotes(a?.reviewerNotes ?? '');
    setReason('');
    setConfirmReject(false);
  }

  const name = a ? applicantName(a) : '';
  const u = a?.user;

  return (
    <Dialog open={!!a} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl gap-5">
        {a && u && (
          <>
            <DialogHeader>
              <div className="flex items-center gap-3.5">
                <UserAvatar person={u} className="size-12" />
                <div className="min-w-0">
                  <DialogTitle>Review application: {name}</DialogTitle>
                  <DialogDescription className="mt-1">
                    {roleAtCompany(a)} · Applied {formatDate(u.appliedAt ?? a.createdAt)}
                  </DialogDescription>
                  <div className="mt-2">
                    <EmailVerifiedBadge verified={u.emailVerified} />
                  </div>
                </div>
              </div>
            </DialogHeader>

            <Tabs defaultValue="profile">
              <TabsList className="grid w-full grid-cols-2 sm:grid-cols-4">
                <TabsTrigger value="profile">Profile</TabsTrigger>
                <TabsTrigger value="background">Background</TabsTrigger>
                <TabsTrigger value="verification">Verification</TabsTrigger>
                <TabsTrigger value="decision">Decision</TabsTrigger>
              </TabsList>

              <TabsContent value="profile">
                <dl className="grid gap-4 sm:grid-cols-2">
                  <Item label="Email">
                    <a href={`mailto:${u.email}`} className="font-medium text-primary underline-offset-4 hover:underline">
                      {u.email}
                    </a>{' '}
                    <EmailVerifiedBadge verified={u.emailVerified} />
                  </Item>
                  <Item label="Username">{u.username}</Item>
                  <Item label="Phone">{u.phone}</Item>
                  <Item label="Date of birth">{u.dateOfBirth ? formatDate(u.dateOfBirth) : null}</Item>
                  <Item label="Company">{u.company}</Item>
                  <Item label="Job title">{u.jobTitle}</Item>
                  <Item label="Location">{u.location}</Item>
                  <Item label="Sign-up method">{u.authProvider === 'local' ? 'Email and password' : u.authProvider}</Item>
                  <Item label="LinkedIn" wide>
                    {u.linkedinUrl ? <ExternalLink href={u.linkedinUrl} /> : null}
                  </Item>
                  <Item label="Website" wide>
                    {u.websiteUrl ? <ExternalLink href={u.websiteUrl} /> : null}
                  </Item>
                  <Item label="Bio" wide>
                    {u.bio}
                  </Item>
                </dl>
              </TabsContent>

              <TabsContent value="background">
                <dl className="grid gap-4 sm:grid-cols-2">
                  <Item label="Years of experience">{u.yearsOfExperience !== null ? String(u.yearsOfExperience) : null}</Item>
                  <Item label="Address">{u.address}</Item>
                  <Item label="Areas of expertise" wide>
                    {u.expertise.length ? <Tags items={u.expertise} /> : null}
                  </Item>
                  <Item label="Industries" wide>
                    {u.industries.length ? <Tags items={u.industries} /> : null}
                  </Item>
                  <Item label="Business interests" wide>
                    {u.businessInterests.length ? <Tags items={u.businessInterests} /> : null}
                  </Item>
                  <Item label="Networking goals" wide>
                    {u.networkingGoals}
                  </Item>
                </dl>
              </TabsContent>

              <TabsContent value="verification" className="grid gap-5">
                <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-3">
                  <EmailVerifiedBadge verified={u.emailVerified} />
                  <p className="min-w-0 flex-1 text-sm text-muted-foreground">
                    {u.emailVerified ? 'The applicant confirmed their email address.' : 'The applicant has not confirmed their email address yet; approval waits for it.'}
                  </p>
                  <ResendVerificationButton application={a} />
                </div>
                <p className="text-sm text-muted-foreground">Each change is saved immediately.</p>
                <ChecklistControls idPrefix={`dlg-${a.userId}`} application={a} onChange={onCheck} className="md:grid-cols-2" />
                <div className="max-w-xs">
                  <RiskSelect id={`dlg-${a.userId}-risk`} value={a.riskAssessment} onChange={onRisk} />
                </div>
              </TabsContent>

              <TabsContent value="decision" className="grid gap-5">
                {a.competitorFlag && (
                  <p className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
                    <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                    This applicant is flagged as a competitor.
                  </p>
                )}
                <div className="grid gap-2">
                  <Label htmlFor="review-notes">Review Notes</Label>
                  <Textarea
                    id="review-notes"
                    rows={4}
                    maxLength={2000}
                    value={notes}
                    onChange={(e) => setNotes(e.target.value)}
                    placeholder="Notes about this decision (optional)"
                  />
                </div>
                <div className="grid gap-2 sm:max-w-xs">
                  <Label htmlFor="rejection-reason">Rejection Reason</Label>
                  <Select value={reason} onValueChange={(v) => setReason(v as RejectionReason)}>
                    <SelectTrigger id="rejection-reason">
                      <SelectValue placeholder="Select a reason" />
                    </SelectTrigger>
                    <SelectContent>
                      {REJECTION_REASONS.map((r) => (
                        <SelectItem key={r} value={r}>
                          {REJECTION_REASON_LABELS[r]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <p className="text-xs text-muted-foreground">Required to reject an application.</p>
                </div>
                <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:items-start sm:justify-end">
                  <Button variant="destructive" disabled={!reason || deciding || !a.can.reject} onClick={() => setConfirmReject(true)}>
                    <X aria-hidden /> Reject Application
                  </Button>
                  <ApproveControl
                    application={a}
                    busy={deciding}
                    approving={false}
                    size="default"
                    label="Approve Application"
                    competitorBlocks={false}
                    onApprove={() => onApprove(notes.trim())}
                  />
                </div>
              </TabsContent>
            </Tabs>

            <AlertDialog open={confirmReject} onOpenChange={setConfirmReject}>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Reject this application?</AlertDialogTitle>
                  <AlertDialogDescription>
                    {name} will be told by email that their application was not approved
                    {reason ? ` (reason: ${REJECTION_REASON_LABELS[reason]})` : ''}. This cannot be undone from this screen.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction variant="destructive" onClick={() => reason && onReject(reason, notes.trim())}>
                    Confirm Rejection
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
