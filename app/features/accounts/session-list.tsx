import { danger, IntentForm, secondary, Section } from "./account-ui";

type SignedInSession = { id: string; device: string; started: string; lastSeen: string; current: boolean };

/** /account/sessions: where the account is signed in now; any other session can be signed out. */
export function SessionList({ sessions, busy }: { sessions: SignedInSession[]; busy: boolean }) {
  const others = sessions.filter((session) => !session.current);
  return (
    <Section id="sessions" title="Sessions" description="Where your account is signed in now.">
      <ul className="divide-y divide-slate-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                Signed in {session.started} · Last seen {session.lastSeen}
              </p>
            </div>
            {session.current ? null : (
              <IntentForm intent="sign-out-session">
                <input type="hidden" name="session" value={session.id} />
                <button type="submit" className={secondary} disabled={busy}>
                  Sign out
                </button>
              </IntentForm>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <IntentForm intent="sign-out-others" className="mt-4">
          <button type="submit" className={danger} disabled={busy}>
            Sign out other sessions
          </button>
        </IntentForm>
      ) : null}
    </Section>
  );
}
