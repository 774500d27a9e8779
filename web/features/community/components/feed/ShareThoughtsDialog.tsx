import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { COMMUNITY_LIMITS, POST_CATEGORIES, POST_CATEGORY_LABELS, POST_IMAGE_ERRORS } from '../../../../../common/constants/community.ts';
import { postCreateSchema } from '../../../../../common/schemas/community.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog.tsx';
import { Field, FieldError, fieldA11y } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../../components/ui/select.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { placeServerErrors } from '../../../../lib/form-errors.ts';
import { toast } from '../../../../lib/toast.ts';
import { cn } from '../../../../lib/utils.ts';
import { createPostErrorText, useCreatePost } from '../../api/posts.ts';
import { POST_CATEGORY_TONES } from '../../lib/post-display.ts';
import { isPictureFile } from '../../../../lib/image-check.ts';
import { checkPostImage, POST_IMAGE_ACCEPT } from '../../lib/post-image.ts';

type PostForm = z.input<typeof postCreateSchema>;
type PostFormData = z.output<typeof postCreateSchema>;
type FieldName = keyof PostForm;
const FIELDS: readonly FieldName[] = ['title', 'content', 'category'];
const DEFAULTS: PostForm = { title: '', content: '', category: 'discussion' };

/** A chosen image and the address of its preview, released when the image is removed or replaced, or the form closes. */
function useImageChoice() {
  const [choice, setChoice] = useState<{ file: File; url: string } | null>(null);
  useEffect(
    () => () => {
      if (choice) URL.revokeObjectURL(choice.url);
    },
    [choice],
  );
  const setImage = (file: File | null) => setChoice(file ? { file, url: URL.createObjectURL(file) } : null);
  return { image: choice?.file ?? null, preview: choice?.url ?? null, setImage };
}

/** Optional image: choose (checked before upload), see a preview, remove or replace it. */
function ImageChooser({
  image,
  preview,
  error,
  disabled,
  onChoose,
  onRemove,
}: {
  image: File | null;
  preview: string | null;
  error?: string;
  disabled: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // cleared so choosing the same file again after removing it fires a change
    e.target.value = '';
    if (file) onChoose(file);
  };
  return (
    <div className="grid grid-cols-1 gap-2">
      <p id={`${id}-label`} className="text-sm font-medium leading-none">
        Image <span className="font-normal text-muted-foreground">(optional)</span>
      </p>
      <input ref={input} id={`${id}-file`} type="file" accept={POST_IMAGE_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden disabled={disabled} onChange={choose} />
      {image && preview ? (
        <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
          <img src={preview} alt="Chosen for your post" className="max-h-56 w-full object-contain" />
          <div className="flex items-center justify-between gap-2 border-t border-border bg-card px-3 py-2">
            <p className="min-w-0 truncate text-xs text-muted-foreground" title={image.name}>
              {image.name} · {(image.size / (1024 * 1024)).toFixed(1)} MB
            </p>
            <div className="flex shrink-0 gap-1">
              <Button variant="ghost" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
                Replace
              </Button>
              <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" disabled={disabled} onClick={onRemove}>
                <X aria-hidden /> Remove
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-labelledby={`${id}-label ${id}-cta`}
          aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-dashed border-input bg-muted/40 px-4 py-5 text-center transition-colors hover:bg-accent',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
            error && 'border-destructive',
          )}
        >
          <ImagePlus className="size-6 text-muted-foreground" aria-hidden />
          <span id={`${id}-cta`} className="text-sm font-medium">
            Add an image
          </span>
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            JPEG, PNG, GIF or WebP, up to 5 MB
          </span>
        </button>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The dialog's form; mounted afresh each time the dialog opens, so it always starts empty. */
function ShareThoughtsForm({ onDone }: { onDone: () => void }) {
  const form = useForm<PostForm, unknown, PostFormData>({ resolver: zodResolver(postCreateSchema), defaultValues: DEFAULTS, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  const [title, content] = useWatch({ control: form.control, name: ['title', 'content'] });
  const { image, preview, setImage } = useImageChoice();
  const [imageError, setImageError] = useState<string>();
  const create = useCreatePost();

  const reg = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const err = (name: FieldName) => errors[name]?.message as string | undefined;

  const chooseImage = async (file: File) => {
    // a file that only claims to be a picture (a renamed text file) is refused now, not after Share Post
    const problem = checkPostImage(file) ?? ((await isPictureFile(file)) ? null : POST_IMAGE_ERRORS.badType);
    setImageError(problem ?? undefined);
    setImage(problem ? null : file);
  };

  const submit = form.handleSubmit((fields) => {
    if (imageError) return;
    create.mutate(
      { fields: { title: fields.title, content: fields.content, category: fields.category }, image },
      {
        onSuccess: onDone,
        onError: (e) => {
          if (e instanceof ApiError && (e.status === 413 || e.issues.some((i) => i.path.startsWith('image')))) {
            setImageError(e.status === 413 ? POST_IMAGE_ERRORS.tooLarge : (e.issues.find((i) => i.path.startsWith('image'))?.message ?? e.detail));
            return;
          }
          if (placeServerErrors(e, FIELDS, form.setError)) return;
          toast({ variant: 'destructive', title: 'Error', description: createPostErrorText(e) });
        },
      },
    );
  });

  const busy = create.isPending;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 gap-5" aria-label="Share Your Thoughts">
      <Field id="post-title" label="Title" error={err('title')} hint={`${title?.length ?? 0}/${COMMUNITY_LIMITS.postTitle.max}`}>
        <Input
          {...fieldA11y('post-title', err('title'), true)}
          {...reg('title')}
          maxLength={COMMUNITY_LIMITS.postTitle.max}
          placeholder="What would you like to discuss?"
          autoComplete="off"
          disabled={busy}
        />
      </Field>
      <Field id="post-category" label="Category" error={err('category')}>
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <Select
              value={field.value ?? 'discussion'}
              onValueChange={(v) => {
                field.onChange(v);
                form.clearErrors('category');
              }}
              disabled={busy}
            >
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldA11y('post-category', err('category'))}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {POST_CATEGORIES.map((c) => (
                  <SelectItem key={c} value={c}>
                    <span className="flex items-center gap-2">
                      <span className={cn('size-2 rounded-full', POST_CATEGORY_TONES[c].dot)} aria-hidden />
                      {POST_CATEGORY_LABELS[c]}
                    </span>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <Field
        id="post-content"
        label="Content"
        error={err('content')}
        hint={`${(content?.length ?? 0).toLocaleString('en-GB')}/${COMMUNITY_LIMITS.postContent.max.toLocaleString('en-GB')}`}
      >
        <Textarea
          {...fieldA11y('post-content', err('content'), true)}
          {...reg('content')}
          rows={6}
          maxLength={COMMUNITY_LIMITS.postContent.max}
          placeholder="Share your insights, questions or a recent success with fellow members…"
          className="min-h-36"
          disabled={busy}
        />
      </Field>
      <ImageChooser
        image={image}
        preview={preview}
        error={imageError}
        disabled={busy}
        onChoose={(file) => void chooseImage(file)}
        onRemove={() => {
          setImage(null);
          setImageError(undefined);
        }}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" label="Posting" /> : <Send aria-hidden />}
          {busy ? 'Posting…' : 'Share Post'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Share Your Thoughts: a new post with title, content, category and an optional image. */
export function ShareThoughtsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Share Your Thoughts</DialogTitle>
            <DialogDescription>Start a discussion, pass on a tip or celebrate a success with the community.</DialogDescription>
          </DialogHeader>
          <ShareThoughtsForm onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
