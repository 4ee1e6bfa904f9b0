import { Button, Card, focusFirstInvalid, ServerMessage, TextField, useAfterRender } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type SignInResult, signIn, signInDemo, signInTwoFactor } from '../api/calls.ts';
import { modeInfoQuery } from '../app/mode.ts';
import { useServices } from '../app/services.ts';
import { licenseErrorMessage } from '../http/messages.ts';
import { returnToFromSearch } from '../routes/returnTo.ts';
import * as styles from './pages.css.ts';

export default function SignInPage() {
  const services = useServices();
  const [, navigate] = useLocation();
  const returnTo = returnToFromSearch(useSearch());
  const license = useSyncExternalStore(services.licenseError.subscribe, services.licenseError.getSnapshot);
  const notice = useSyncExternalStore(services.signInNotice.subscribe, services.signInNotice.getSnapshot);
  const mode = useQuery(modeInfoQuery(services.client));
  const isDemo = mode.data?.status === 'ok' && mode.data.data.mode === 'demo';
  const providerLogin = mode.data?.status === 'ok' ? mode.data.data.links.providerLogin : undefined;

  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  const [missing, setMissing] = useState<{ login?: string; password?: string; code?: string }>({});
  const form = useRef<HTMLFormElement>(null);
  const afterRender = useAfterRender();

  const finish = (result: SignInResult) => {
    if (result.status === 'ok' && result.needTwoFactor) {
      setMessage('');
      setStep('two-factor');
      return;
    }
    if (result.status === 'ok') {
      services.licenseError.clear();
      services.signInNotice.clear();
      // Replacing the sign-in entry keeps Back from landing on a form that would only send the user on.
      navigate(returnTo ?? '/campaigns', { replace: true });
      return;
    }
    if (result.license) services.licenseError.set(result.license);
    setMessage(result.license ? '' : result.message);
  };

  const run = async (attempt: () => Promise<SignInResult>) => {
    services.signInNotice.clear();
    setPending(true);
    try {
      finish(await attempt());
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty =
      step === 'credentials'
        ? {
            ...(login.trim() === '' ? { login: 'Enter your login' } : {}),
            ...(password === '' ? { password: 'Enter your password' } : {}),
          }
        : code === ''
          ? { code: 'Enter the code' }
          : {};
    setMissing(empty);
    if (Object.keys(empty).length > 0) {
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    void run(() =>
      step === 'credentials'
        ? signIn(services.client, login, password)
        : signInTwoFactor(services.client, code),
    );
  };

  return (
    <div className={styles.signInShell}>
      <Card className={styles.signInCard} title="Sign in to Cairn">
        <form ref={form} className={styles.stack} onSubmit={submit} noValidate>
          {license && (
            <div role="alert" className={styles.message}>
              <ServerMessage message={licenseErrorMessage(license, providerLogin)} />
            </div>
          )}
          {/* A licence problem is the reason that matters; a refused role call would only repeat it. */}
          {notice && !message && !license && (
            <div role="alert" className={styles.message}>
              <ServerMessage message={notice} />
            </div>
          )}
          {message && (
            <div role="alert" className={styles.message}>
              <ServerMessage message={message} />
            </div>
          )}
          {step === 'credentials' ? (
            <>
              <TextField
                label="Login"
                name="login"
                autoComplete="username"
                value={login}
                error={missing.login}
                onChange={(event) => {
                  setLogin(event.target.value);
                  setMissing((old) => ({ ...old, login: undefined }));
                }}
                required
                autoFocus
              />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={missing.password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setMissing((old) => ({ ...old, password: undefined }));
                }}
                required
              />
            </>
          ) : (
            <TextField
              label="Two-factor code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              description="Enter the 6-digit code from your authenticator app."
              value={code}
              error={missing.code}
              onChange={(event) => {
                setCode(event.target.value.trim());
                setMissing({});
              }}
              required
              autoFocus
            />
          )}
          <div className={styles.row}>
            <Button type="submit" loading={pending} disabled={pending}>
              {step === 'credentials' ? 'Sign in' : 'Verify'}
            </Button>
            {step === 'two-factor' && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setStep('credentials');
                  setCode('');
                  setMissing({});
                  setMessage('');
                }}
              >
                Back
              </Button>
            )}
            {isDemo && step === 'credentials' && (
              <Button
                type="button"
                variant="outline"
                disabled={pending}
                onClick={() => void run(() => signInDemo(services.client))}
              >
                Sign in to the demo
              </Button>
            )}
          </div>
        </form>
      </Card>
    </div>
  );
}
