import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { COMMUNITY_LIMITS, POST_CATEGORIES, POST_CATEGORY_LABELS } from '../../../../../common/constants/community.ts';
import type { postCreateSchema } from '../../../../../common/schemas/community.ts';
import { MentionTextarea } from '../../../../components/mentions/MentionTextarea.tsx';
import { Field, fieldA11y } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../../components/ui/select.tsx';
import { cn } from '../../../../lib/utils.ts';
import { POST_CATEGORY_TONES } from '../../lib/post-display.ts';

export type PostForm = z.input<typeof postCreateSchema>;
export type PostFormData = z.output<typeof postCreateSchema>;
export type PostFieldName = keyof PostForm;
export const POST_FIELDS: readonly PostFieldName[] = ['title', 'content', 'category'];

/**
 * A post's title (with its counter), category and content (where @ mentions a member), as Share Your Thoughts and
 * Edit post both ask for them; `idPrefix` keeps the ids of the two forms apart.
 */
export function PostFields({ form, busy, idPrefix }: { form: UseFormReturn<PostForm, unknown, PostFormData>; busy: boolean; idPrefix: string }) {
  const { errors } = form.formState;
  const [title, content] = useWatch({ control: form.control, name: ['title', 'content'] });
  const reg = (name: PostFieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const err = (name: PostFieldName) => errors[name]?.message as string | undefined;
  const id = (name: PostFieldName) => `${idPrefix}-${name}`;

  return (
    <>
      <Field id={id('title')} label="Title" error={err('title')} hint={`${title?.length ?? 0}/${COMMUNITY_LIMITS.postTitle.max}`}>
        <Input
          {...fieldA11y(id('title'), err('title'), true)}
          {...reg('title')}
          maxLength={COMMUNITY_LIMITS.postTitle.max}
          placeholder="What would you like to discuss?"
          autoComplete="off"
          disabled={busy}
        />
      </Field>
      <Field id={id('category')} label="Category" error={err('category')}>
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
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldA11y(id('category'), err('category'))}>
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
        id={id('content')}
        label="Content"
        error={err('content')}
        hint={`${(content?.length ?? 0).toLocaleString('en-GB')}/${COMMUNITY_LIMITS.postContent.max.toLocaleString('en-GB')}`}
      >
        <Controller
          control={form.control}
          name="content"
          render={({ field }) => (
            <MentionTextarea
              {...fieldA11y(id('content'), err('content'), true)}
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onChange={(v) => {
                field.onChange(v);
                form.clearErrors('content');
              }}
              onBlur={field.onBlur}
              rows={6}
              placeholder="Share your insights, questions or a recent success with fellow members… Type @ to mention a member."
              className="min-h-36"
              disabled={busy}
            />
          )}
        />
      </Field>
    </>
  );
}
