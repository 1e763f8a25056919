import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { chooseNotifications, notificationChoice, notify } from './browser-notifications';

const KEY = 'onboarding.watch.notifications';

/** The browser's Notification, which jsdom lacks: its permission and what it was asked to show. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  /** What the operator answers when asked; null: the test expects no question. */
  static answer: NotificationPermission | null = null;
  static asked = 0;
  static shown: FakeNotification[] = [];
  static refuse = false;

  onclick: (() => void) | null = null;
  closed = false;

  static requestPermission(): Promise<NotificationPermission> {
    FakeNotification.asked += 1;
    if (FakeNotification.answer === null) throw new Error('The browser was not to be asked');
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  }

  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    if (FakeNotification.refuse) throw new TypeError('Illegal constructor');
    FakeNotification.shown.push(this);
  }

  close(): void {
    this.closed = true;
  }
}

const g = globalThis as { Notification?: unknown };

/** The browser with notifications, `permission` given so far, and the choice stored here. */
function browser(permission: NotificationPermission, storedOn = false) {
  FakeNotification.permission = permission;
  g.Notification = FakeNotification;
  if (storedOn) window.localStorage.setItem(KEY, 'on');
}

beforeEach(() => {
  FakeNotification.answer = null;
  FakeNotification.asked = 0;
  FakeNotification.shown = [];
  FakeNotification.refuse = false;
});

afterEach(() => {
  delete g.Notification;
  window.localStorage.clear();
  jest.restoreAllMocks();
});

describe("the browser notifications switch's state", () => {
  it('is unsupported in a browser without notifications, whatever was chosen', async () => {
    window.localStorage.setItem(KEY, 'on');
    expect(notificationChoice()).toBe('unsupported');
    await expect(chooseNotifications(true)).resolves.toBe('unsupported');
    await expect(chooseNotifications(false)).resolves.toBe('unsupported');
    expect(window.localStorage.getItem(KEY)).toBe('on');
  });

  it('is on when switched on in this browser and the browser allows them', () => {
    browser('granted', true);
    expect(notificationChoice()).toBe('on');
  });

  it('is off when not switched on here, though the browser allows them', () => {
    browser('granted');
    expect(notificationChoice()).toBe('off');
    window.localStorage.setItem(KEY, 'yes');
    expect(notificationChoice()).toBe('off');
  });

  it('is off when switched on here but the browser has not been asked since', () => {
    browser('default', true);
    expect(notificationChoice()).toBe('off');
  });

  it('is blocked when the browser refuses them, whatever was chosen here', () => {
    browser('denied', true);
    expect(notificationChoice()).toBe('blocked');
    window.localStorage.clear();
    expect(notificationChoice()).toBe('blocked');
  });

  it('is off when this browser will not read what was chosen', () => {
    browser('granted', true);
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(notificationChoice()).toBe('off');
  });
});

describe('switching browser notifications', () => {
  it("asks the browser's permission when switched on, and remembers the choice here", async () => {
    browser('default');
    FakeNotification.answer = 'granted';
    await expect(chooseNotifications(true)).resolves.toBe('on');
    expect(FakeNotification.asked).toBe(1);
    expect(window.localStorage.getItem(KEY)).toBe('on');
    expect(notificationChoice()).toBe('on');
  });

  it('does not ask again once the browser allows them', async () => {
    browser('granted');
    await expect(chooseNotifications(true)).resolves.toBe('on');
    expect(FakeNotification.asked).toBe(0);
  });

  it('is blocked, without asking, when the browser already refuses them', async () => {
    browser('denied');
    await expect(chooseNotifications(true)).resolves.toBe('blocked');
    expect(FakeNotification.asked).toBe(0);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('is blocked when the operator refuses the browser, and remembers nothing', async () => {
    browser('default');
    FakeNotification.answer = 'denied';
    await expect(chooseNotifications(true)).resolves.toBe('blocked');
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('stays off when the operator dismisses the question', async () => {
    browser('default');
    FakeNotification.answer = 'default';
    await expect(chooseNotifications(true)).resolves.toBe('off');
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('switches off without asking, and forgets the choice the browser still allows', async () => {
    browser('granted', true);
    await expect(chooseNotifications(false)).resolves.toBe('off');
    expect(FakeNotification.asked).toBe(0);
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(notificationChoice()).toBe('off');
  });

  it('switches off to blocked when the browser has refused them since', async () => {
    browser('denied', true);
    await expect(chooseNotifications(false)).resolves.toBe('blocked');
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps the choice for this tab when this browser refuses to store it', async () => {
    browser('granted');
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(chooseNotifications(true)).resolves.toBe('on');
    notify('acme foods failed at STI on Walmart', 'STI job timed out', 'event-1');
    expect(FakeNotification.shown).toHaveLength(1);
    await expect(chooseNotifications(false)).resolves.toBe('off');
    notify('acme foods failed at STI on Walmart', 'STI job timed out', 'event-2');
    expect(FakeNotification.shown).toHaveLength(1);
    // The tab's choice is module state: the next tests start from a stored one.
    jest.restoreAllMocks();
    await chooseNotifications(false);
  });

  it('goes back to the stored choice once this browser stores it again', async () => {
    browser('granted');
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(chooseNotifications(true)).resolves.toBe('on');
    setItem.mockRestore();
    await expect(chooseNotifications(true)).resolves.toBe('on');
    window.localStorage.removeItem(KEY);
    expect(notificationChoice()).toBe('off');
  });
});

describe('a browser notification', () => {
  it('shows the title and body, tagged with its event, when notifications are on', () => {
    browser('granted', true);
    notify('Setup failed: birch goods', 'STI job timed out', 'watch-1');
    expect(FakeNotification.shown.map((n) => [n.title, n.options])).toEqual([
      ['Setup failed: birch goods', { body: 'STI job timed out', tag: 'watch-1' }],
    ]);
  });

  it('is not shown while notifications are off, blocked or unsupported', () => {
    notify('Setup live: acme foods', '', 'watch-3');
    browser('granted');
    notify('Setup live: acme foods', '', 'watch-3');
    browser('denied', true);
    notify('Setup live: acme foods', '', 'watch-3');
    browser('default', true);
    notify('Setup live: acme foods', '', 'watch-3');
    expect(FakeNotification.shown).toEqual([]);
  });

  it('brings this tab forward when clicked, then opens what it is about and closes', () => {
    browser('granted', true);
    const steps: string[] = [];
    jest.spyOn(window, 'focus').mockImplementation(() => steps.push('focus'));
    notify('Setup failed: birch goods', 'STI job timed out', 'watch-1', () => steps.push('open'));
    const [shown] = FakeNotification.shown;
    expect(shown?.closed).toBe(false);
    shown?.onclick?.();
    expect(steps).toEqual(['focus', 'open']);
    expect(shown?.closed).toBe(true);
  });

  it('brings this tab forward and closes when clicked with nothing to open', () => {
    browser('granted', true);
    const focus = jest.spyOn(window, 'focus').mockImplementation(() => {});
    notify('Setup live: acme foods', '', 'watch-3');
    const [shown] = FakeNotification.shown;
    shown?.onclick?.();
    expect(focus).toHaveBeenCalledTimes(1);
    expect(shown?.closed).toBe(true);
  });

  it('is left out quietly where the browser shows notifications only from a service worker', () => {
    browser('granted', true);
    FakeNotification.refuse = true;
    expect(() => notify('Setup live: acme foods', '', 'watch-3')).not.toThrow();
  });
});
