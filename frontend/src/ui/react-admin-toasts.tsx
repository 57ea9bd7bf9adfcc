import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';
import { toast, type ToastInput } from './toast';

/**
 * react-admin's notifications (its own and every `useNotify()` of the dashboard and the staff console) shown as the
 * site's toasts, so the app has one kind of notification (issue 29 item 5): `<Admin notification={ReactAdminToasts}>`
 * replaces react-admin's Snackbar. An error is an Error toast with the message below (the spec's white-label failures),
 * anything else a toast titled with the message. An undoable change gets an Undo button; it is carried out when the toast
 * leaves without it. A module of its own: the site's pages never load react-admin.
 */
export function ReactAdminToasts() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    // One at a time: taking one changes `notifications`, which runs this again for the next.
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (notification) toast(toastOf(notification, translate, takeMutation));
  }, [notifications, takeNotification, translate, takeMutation]);

  return null;
}

type Translate = ReturnType<typeof useTranslate>;
type TakeMutation = ReturnType<typeof useTakeUndoableMutation>;

export function toastOf({ message, type, notificationOptions }: NotificationPayload, translate: Translate, take: TakeMutation): ToastInput {
  const { autoHideDuration, messageArgs, undoable } = notificationOptions ?? {};
  const text = typeof message === 'string' ? translate(message, messageArgs) : message;
  const shown: ToastInput =
    type === 'error'
      ? { title: 'Error', description: text, variant: 'destructive' }
      : typeof text === 'string'
        ? { title: text }
        : { description: text };
  if (typeof autoHideDuration === 'number') shown.duration = autoHideDuration;
  if (!undoable) return shown;
  return {
    ...shown,
    action: { label: translate('ra.action.undo'), onClick: () => take()?.({ isUndo: true }) },
    onClose: () => take()?.({ isUndo: false }),
  };
}
