import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { postCreateSchema, type Post } from '../../../../../common/schemas/community.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError, errorDetail } from '../../../../lib/api.ts';
import { placeServerErrors } from '../../../../lib/form-errors.ts';
import { toast } from '../../../../lib/toast.ts';
import { useEditPost } from '../../api/posts.ts';
import { postChanges } from '../../lib/conversations.ts';
import { POST_FIELDS, PostFields, type PostForm, type PostFormData } from './PostFields.tsx';

/** The form, checked by the same schema as a new post; mounted afresh each time the dialog opens, with the post as it is now. */
function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const form = useForm<PostForm, unknown, PostFormData>({
    resolver: zodResolver(postCreateSchema),
    defaultValues: { title: post.title, content: post.content, category: post.category },
    reValidateMode: 'onSubmit',
  });
  const edit = useEditPost();

  const submit = form.handleSubmit((fields) => {
    const changes = postChanges(post, fields);
    if (!changes) return onDone();
    edit.mutate(
      { id: post.id, edit: changes },
      {
        onSuccess: onDone,
        onError: (e) => {
          if (placeServerErrors(e, POST_FIELDS, form.setError)) return;
          const gone = e instanceof ApiError && e.status === 404;
          toast({
            variant: 'destructive',
            title: 'Could not save the post',
            description: gone ? 'This post has been removed.' : errorDetail(e, 'Please try again.'),
          });
          if (gone) onDone();
        },
      },
    );
  });

  const busy = edit.isPending;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 gap-5" aria-label="Edit post">
      <PostFields form={form} busy={busy} idPrefix="edit-post" />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : <Save aria-hidden />}
          {busy ? 'Saving…' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Edit post: its author changes the title, category or text; the post then shows as edited. The picture stays as it is. */
export function EditPostDialog({ post, open, onOpenChange }: { post: Post; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Edit post</DialogTitle>
            <DialogDescription>Members will see that the post was edited.</DialogDescription>
          </DialogHeader>
          <EditPostForm post={post} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
