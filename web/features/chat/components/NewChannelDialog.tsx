import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CHAT_LIMITS as L } from '../../../../common/constants/chat.ts';
import { chatChannelCreateSchema } from '../../../../common/schemas/chat.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateChannel } from '../api/chat.ts';

type Values = z.input<typeof chatChannelCreateSchema>;
type Parsed = z.output<typeof chatChannelCreateSchema>;
const FIELDS = ['name', 'description', 'isPrivate'] as const;
const EMPTY: Values = { name: '', description: '', isPrivate: false };

/** New channel: a name, an optional description and whether it is private; the member becomes its owner. */
export function NewChannelDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateChannel();
  const navigate = useNavigate();
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(chatChannelCreateSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const err = form.formState.errors;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const close = (o: boolean) => {
    if (create.isPending) return;
    if (!o) {
      form.reset(EMPTY);
      create.reset();
    }
    onOpenChange(o);
  };
  const submit = form.handleSubmit((data) =>
    create.mutate(data, {
      onSuccess: (channel) => {
        toast({ variant: 'success', title: 'Channel created', description: `${channel.name} is ready.` });
        close(false);
        void navigate(`/chat/${channel.id}`);
      },
      onError: (e) => {
        if (!placeServerErrors(e, FIELDS, form.setError))
          form.setError('root', { message: e instanceof ApiError ? e.detail : 'Could not create the channel. Please try again.' });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>New channel</DialogTitle>
          <DialogDescription>A place for a topic, a deal or a group. You’ll be its owner.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <Field id="channel-name" label="Name" error={err.name?.message}>
            <Input
              autoComplete="off"
              maxLength={L.channelName.max + 20}
              disabled={create.isPending}
              {...fieldA11y('channel-name', err.name?.message)}
              {...form.register('name')}
            />
          </Field>
          <Field
            id="channel-description"
            label="Description"
            optional
            error={err.description?.message}
            hint={`${description.length.toLocaleString('en-GB')} / ${L.channelDescription.max}`}
          >
            <Textarea rows={3} disabled={create.isPending} {...fieldA11y('channel-description', err.description?.message, true)} {...form.register('description')} />
          </Field>
          <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-3">
            <div>
              <Label htmlFor="channel-private">Private channel</Label>
              <p id="channel-private-hint" className="mt-1 text-[13px] text-muted-foreground">
                Only people you invite can find and read it. Public channels are listed for every member to join.
              </p>
            </div>
            <Controller
              control={form.control}
              name="isPrivate"
              render={({ field }) => (
                <Switch
                  id="channel-private"
                  aria-describedby="channel-private-hint"
                  checked={!!field.value}
                  onCheckedChange={field.onChange}
                  disabled={create.isPending}
                />
              )}
            />
          </div>
          {err.root?.message && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {err.root.message}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create channel'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
