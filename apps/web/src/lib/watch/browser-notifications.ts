/**
 * The failure watch's browser notifications (issue 33), opt-in: the bell's switch asks the
 * browser's permission only when switched on, and the choice is kept in this browser
 * (localStorage). Each notification is tagged with its event, so the tabs of one browser that
 * all announce it show it once.
 */

const KEY = 'onboarding.watch.notifications';

export type NotificationChoice = 'on' | 'off' | 'blocked' | 'unsupported';

function supported(): boolean {
  return typeof Notification === 'function';
}

/** The choice made in this tab when the browser's storage refused it (private modes). */
let unstored: boolean | undefined;

function stored(): boolean {
  if (unstored !== undefined) return unstored;
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function store(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(KEY, 'on');
    else window.localStorage.removeItem(KEY);
    unstored = undefined;
  } catch {
    // Not remembered: the choice holds until the tab closes.
    unstored = on;
  }
}

/** The switch's state: on only when chosen here and still allowed by the browser. */
export function notificationChoice(): NotificationChoice {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return stored() && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Switches notifications on (asking the browser's permission when it has not been given) or off. */
export async function chooseNotifications(on: boolean): Promise<NotificationChoice> {
  if (!supported()) return 'unsupported';
  if (!on) {
    store(false);
    return notificationChoice();
  }
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  store(permission === 'granted');
  return notificationChoice();
}

/** Shows a notification when they are on; `onClick` brings this tab forward first. */
export function notify(title: string, body: string, tag: string, onClick?: () => void): void {
  if (notificationChoice() !== 'on') return;
  try {
    const shown = new Notification(title, { body, tag });
    shown.onclick = () => {
      window.focus();
      onClick?.();
      shown.close();
    };
  } catch {
    // Some browsers (Android Chrome) show notifications from a service worker only: none here.
  }
}
