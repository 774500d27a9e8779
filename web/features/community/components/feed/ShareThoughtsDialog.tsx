import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { POST_IMAGE_ERRORS } from '../../../../../common/constants/community.ts';
import { postCreateSchema } from '../../../../../common/schemas/community.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog.tsx';
import { FieldError } from '../../../../components/ui/field.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { placeServerErrors } from '../../../../lib/form-errors.ts';
import { toast } from '../../../../lib/toast.ts';
import { cn } from '../../../../lib/utils.ts';
import { createPostErrorText, useCreatePost } from '../../api/posts.ts';
import { isPictureFile } from '../../../../lib/image-check.ts';
import { checkPostImage, POST_IMAGE_ACCEPT } from '../../lib/post-image.ts';
import { POST_FIELDS, PostFields, type PostForm, type PostFormData } from './PostFields.tsx';

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
  const { image, preview, setImage } = useImageChoice();
  const [imageError, setImageError] = useState<string>();
  const create = useCreatePost();

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
          if (placeServerErrors(e, POST_FIELDS, form.setError)) return;
          toast({ variant: 'destructive', title: 'Error', description: createPostErrorText(e) });
        },
      },
    );
  });

  const busy = create.isPending;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 gap-5" aria-label="Share Your Thoughts">
      <PostFields form={form} busy={busy} idPrefix="post" />
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
