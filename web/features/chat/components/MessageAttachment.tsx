import { Download, FileText } from 'lucide-react';
import type { ChatAttachment } from '../../../../common/schemas/chat.ts';
import { fileSize } from '../lib/display.ts';

/**
 * A message's file: an image shown in the message (at most 320 px wide, its own proportions kept, opening full
 * size in a new tab), or a PDF as a chip with its name and size that downloads it. Both are served only to the
 * channel's members.
 */
export function MessageAttachment({ attachment: a, senderName }: { attachment: ChatAttachment; senderName: string }) {
  if (a.kind === 'image') {
    const ratio = a.width && a.height ? `${a.width} / ${a.height}` : undefined;
    return (
      <a
        href={a.url}
        target="_blank"
        rel="noopener"
        className="mt-1 block w-fit max-w-[min(20rem,100%)] overflow-hidden rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <img
          src={a.url}
          alt={`Sent by ${senderName}: ${a.name}`}
          loading="lazy"
          width={a.width ?? undefined}
          height={a.height ?? undefined}
          style={{ aspectRatio: ratio }}
          className="block h-auto max-h-80 w-auto max-w-full bg-muted object-contain"
        />
      </a>
    );
  }
  return (
    <a
      href={a.url}
      download={a.name}
      className="mt-1 flex w-fit max-w-full items-center gap-3 rounded-lg border border-border bg-card px-3 py-2 text-sm shadow-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-md bg-destructive/10 text-destructive">
        <FileText className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium">{a.name}</span>
        <span className="block text-xs text-muted-foreground">PDF · {fileSize(a.size)}</span>
      </span>
      <Download aria-hidden className="ml-1 size-4 shrink-0 text-muted-foreground" />
      <span className="sr-only">Download</span>
    </a>
  );
}
