import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Inbox, Lock, Send, ShieldCheck } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { COMMUNITY_LIMITS } from '../../../../../common/constants/community.ts';
import { ceoMessageCreateSchema, type CeoMessage, type CeoMessageCreate } from '../../../../../common/schemas/community.ts';
import { Pager } from '../../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../../components/query-state.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { ApiError, errorDetail } from '../../../../lib/api.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { placeServerErrors } from '../../../../lib/form-errors.ts';
import { rangeText } from '../../../../lib/paging.ts';
import { toast } from '../../../../lib/toast.ts';
import { usePageFor } from '../../../../lib/use-page.ts';
import { useCeoMessages, useSendCeoMessage } from '../../api/ceo.ts';
import { CEO_LIMIT_REACHED, remainingTodayText } from '../../lib/ceo-allowance.ts';

type FieldName = keyof CeoMessageCreate;
const FIELDS: readonly FieldName[] = ['subject', 'message'];
const DEFAULTS: CeoMessageCreate = { subject: '', message: '' };
const fmt = (n: number) => n.toLocaleString('en-GB');

/** The form: subject and message, checked with the shared schema; closed with a reason once today's messages are used. */
function CeoMessageForm({ remaining }: { remaining: number | null | undefined }) {
  const form = useForm<CeoMessageCreate>({ resolver: zodResolver(ceoMessageCreateSchema), defaultValues: DEFAULTS, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  const [subject, message] = useWatch({ control: form.control, name: ['subject', 'message'] });
  const send = useSendCeoMessage();
  const closed = remaining === 0;
  const busy = send.isPending;

  const reg = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const err = (name: FieldName) => errors[name]?.message;

  const submit = form.handleSubmit((data) =>
    send.mutate(data, {
      onSuccess: () => {
        toast({ variant: 'success', title: 'Message sent', description: 'Your message is on its way to the CEO.' });
        form.reset(DEFAULTS);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 429) {
          toast({ variant: 'destructive', title: 'Daily limit reached', description: e.detail || CEO_LIMIT_REACHED });
          return;
        }
        if (placeServerErrors(e, FIELDS, form.setError)) return;
        toast({ variant: 'destructive', title: 'Error', description: errorDetail(e, 'Failed to send your message. Please try again.') });
      },
    }),
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5" aria-label="Message to the CEO">
      {closed && (
        <div role="status" className="flex gap-3 rounded-lg border border-warning/25 bg-warning-soft px-4 py-3 text-sm text-warning">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{CEO_LIMIT_REACHED}</p>
        </div>
      )}
      <fieldset disabled={closed || busy} className="grid gap-5 disabled:opacity-70">
        <Field id="ceo-subject" label="Subject" error={err('subject')} hint={`${subject?.length ?? 0}/${COMMUNITY_LIMITS.ceoSubject.max}`}>
          <Input
            {...fieldA11y('ceo-subject', err('subject'), true)}
            {...reg('subject')}
            maxLength={COMMUNITY_LIMITS.ceoSubject.max}
            placeholder="What is it about?"
            autoComplete="off"
          />
        </Field>
        <Field id="ceo-message" label="Message" error={err('message')} hint={`${fmt(message?.length ?? 0)}/${fmt(COMMUNITY_LIMITS.ceoMessage.max)}`}>
          <Textarea
            {...fieldA11y('ceo-message', err('message'), true)}
            {...reg('message')}
            rows={7}
            maxLength={COMMUNITY_LIMITS.ceoMessage.max}
            placeholder="Share an idea, feedback or a concern. At least 10 characters."
            className="min-h-40"
          />
        </Field>
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite">
          <Clock className="size-4 shrink-0" aria-hidden />
          {remaining === undefined
            ? 'Checking today’s allowance…'
            : remaining === null
              ? `Up to ${COMMUNITY_LIMITS.ceoMessagesPerDay} messages a day.`
              : remainingTodayText(remaining)}
        </p>
        <Button type="submit" disabled={closed || busy} className="sm:min-w-40">
          {busy ? <Spinner className="size-4 text-primary-foreground" label="Sending" /> : <Send aria-hidden />}
          {busy ? 'Sending…' : 'Send to CEO'}
        </Button>
      </div>
    </form>
  );
}

function MessageItem({ message }: { message: CeoMessage }) {
  return (
    <li className="grid gap-1.5 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-words font-medium">{message.subject}</p>
        <Badge variant="secondary" className="shrink-0">
          Sent
        </Badge>
      </div>
      <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
        {formatDateTime(message.createdAt)}
      </time>
      <p className="line-clamp-4 whitespace-pre-wrap break-words text-sm text-foreground/85">{message.message}</p>
    </li>
  );
}

/**
 * CEO Contact: a direct line from any member to the CEO (a few messages a day), and the member's own messages
 * sent so far. Nobody else's messages are ever shown here.
 */
export function CeoContactTab() {
  const [page, setPage] = usePageFor('ceo-messages');
  const messages = useCeoMessages(page);
  const data = messages.data;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle>Contact the CEO</CardTitle>
          <CardDescription>Have an idea, some feedback or a concern? Write to our CEO directly. Every message is read personally.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <CeoMessageForm remaining={data ? data.remainingToday : messages.isError ? null : undefined} />
          <p className="flex items-start gap-2 border-t border-border pt-4 text-xs text-muted-foreground">
            <ShieldCheck className="mt-px size-4 shrink-0" aria-hidden />
            Your message goes to the CEO only; other members never see it.
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Your messages</CardTitle>
          <CardDescription>Messages you have sent, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={messages}
            what="your messages"
            loading={<SkeletonRows count={3} rowClassName="h-20" label="Loading your messages" />}
            isEmpty={(d) => d.total === 0}
            empty={<EmptyState icon={Inbox} title="No messages yet" text="Messages you send to the CEO will appear here." className="py-8" />}
          >
            {(d) => (
              <div className="grid grid-cols-1 gap-4">
                <ul className="divide-y divide-border">
                  {d.items.map((m) => (
                    <MessageItem key={m.id} message={m} />
                  ))}
                </ul>
                <Pager
                  label="Message pages"
                  page={d.page}
                  hasNext={d.page * d.pageSize < d.total}
                  onPage={setPage}
                  busy={messages.isPlaceholderData}
                  summary={rangeText(d.page, d.pageSize, d.items.length, d.total)}
                  className="border-t border-border pt-4"
                />
              </div>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
