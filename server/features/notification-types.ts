import type { NotificationKind, NotificationPriority } from '../../common/constants/notifications.ts';

/** The words and link of one notification, made by its kind's template from the facts of the act. */
export interface NotificationText {
  title: string;
  message: string;
  /** Where the notification opens in the web app. */
  actionUrl: string;
  priority?: NotificationPriority;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template names its own parameters; the registry keeps them apart by kind
export type NotificationTemplate<P = any> = (params: P) => NotificationText;

/** A feature's templates, one per kind it sends (`server/features/<feature>/notifications.ts`). */
export type NotificationTemplates = { [K in NotificationKind]?: NotificationTemplate };
