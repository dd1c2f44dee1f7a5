"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useBadges } from "@/components/shell/live-badges";
import { useToast } from "@/components/ui/toast";
import type { UserPreferences } from "@/lib/users/user-preferences";
import { saveInboxAlertsAction } from "./actions";

const TITLE = "Inbox · Switchboard";

const noSubscription = () => () => {};
const readPermission = (): NotificationPermission | "unsupported" =>
  typeof Notification === "undefined" ? "unsupported" : Notification.permission;

/** A short two-note tone made in the page (no sound file to fetch or cache). */
function playTone() {
  const Ctor =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  const audio = new Ctor();
  const gain = audio.createGain();
  gain.gain.value = 0.08;
  gain.connect(audio.destination);
  [880, 1320].forEach((hz, i) => {
    const osc = audio.createOscillator();
    osc.frequency.value = hz;
    osc.connect(gain);
    osc.start(audio.currentTime + i * 0.15);
    osc.stop(audio.currentTime + i * 0.15 + 0.12);
  });
  setTimeout(() => void audio.close(), 800);
}

/**
 * New chats are hard to miss: the tab's title carries the unread count ("(3) Inbox ·
 * Switchboard"), and when the count goes up (the inbox's live refresh brings the new figure)
 * an optional tone and desktop notification. The two switches are the user's own, kept on the
 * server; the browser's notification permission is asked only when the switch is turned on.
 */
export function NewChatAlerts({ initial }: { initial: UserPreferences }) {
  const unread = useBadges()["/inbox"] ?? 0;
  const [prefs, setPrefs] = useState(initial);
  // The browser's permission, read at each render (none on the server); `asked` re-renders after a request.
  const [, setAsked] = useState(0);
  const permission = useSyncExternalStore(noSubscription, readPermission, () => "default" as const);
  const previous = useRef(unread);
  const toast = useToast();

  useEffect(() => {
    const wanted = unread > 0 ? `(${unread}) ${TITLE}` : TITLE;
    document.title = wanted;
    // Next.js puts the page's own title back when it re-renders the head (the live refresh
    // does, every few seconds): put the count back each time.
    const watch = new MutationObserver(() => {
      if (document.title !== wanted) document.title = wanted;
    });
    watch.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => watch.disconnect();
  }, [unread]);
  useEffect(() => {
    const grew = unread > previous.current;
    previous.current = unread;
    if (!grew) return;
    if (prefs.newChatSound) playTone();
    if (
      prefs.newChatDesktop &&
      typeof Notification !== "undefined" &&
      Notification.permission === "granted"
    ) {
      new Notification("New chat in the inbox", {
        body: `${unread} unanswered conversation${unread === 1 ? "" : "s"}`,
        tag: "switchboard-inbox",
      });
    }
  }, [unread, prefs]);

  async function change(key: keyof UserPreferences, on: boolean) {
    if (key === "newChatDesktop" && on && typeof Notification !== "undefined") {
      const asked =
        Notification.permission === "default"
          ? await Notification.requestPermission()
          : Notification.permission;
      setAsked((n) => n + 1);
      if (asked !== "granted") {
        toast.show({
          tone: "info",
          title: "Notifications are blocked",
          description:
            "Allow notifications for this site in the browser's settings, then turn this on again.",
        });
        return;
      }
    }
    // Each switch changes its own key only: two switched at once (each saved on its own)
    // must not put back what the other set from a render before it.
    const before = prefs[key];
    setPrefs((p) => ({ ...p, [key]: on }));
    const res = await saveInboxAlertsAction({ [key]: on });
    if (res.ok) setPrefs((p) => ({ ...p, [key]: res.data[key] }));
    else {
      setPrefs((p) => ({ ...p, [key]: before }));
      toast.show({ tone: "danger", title: "Not saved", description: res.message });
    }
  }

  return (
    <details className="relative text-sm">
      <summary className="cursor-pointer rounded-md px-2 py-1 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
        New chat alerts
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 w-64 space-y-2 rounded-md bg-white p-3 shadow-lg ring-1 ring-slate-200">
        <legend className="sr-only">New chat alerts</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={prefs.newChatSound}
            onChange={(e) => void change("newChatSound", e.target.checked)}
          />
          Play a sound
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={prefs.newChatDesktop && permission === "granted"}
            disabled={permission === "unsupported"}
            onChange={(e) => void change("newChatDesktop", e.target.checked)}
          />
          Desktop notification
        </label>
        {permission === "denied" ? (
          <p className="text-xs text-slate-600">
            Blocked by the browser: allow notifications for this site first.
          </p>
        ) : null}
      </fieldset>
    </details>
  );
}
