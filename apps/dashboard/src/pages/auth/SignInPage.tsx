import { errorMessage, loginSchema, paths, type Login } from '@argus/api';
import { useLogin } from '@argus/api/hooks';
import { APP_TITLE, Button, FormField, Input } from '@argus/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { Shield } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { useSWRConfig } from 'swr';

const Page = styled.main`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: var(--space-6);
  background: var(--color-bg);
`;

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: var(--space-4);
  width: min(380px, 100%);
  padding: var(--space-8) var(--space-6);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
  box-shadow: var(--shadow-md);
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  color: var(--color-accent-fg);
  font-weight: var(--font-weight-bold);
`;

const Title = styled.h1`
  margin: 0;
  font-size: var(--font-size-xl);
`;

const Failure = styled.p`
  margin: 0;
  color: var(--color-danger-fg);
  font-size: var(--font-size-sm);
`;

/** Only same-app paths are followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { trigger, isMutating } = useLogin();
  const { mutate } = useSWRConfig();
  const [failure, setFailure] = useState<string>();
  const form = useForm<Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      // Seed the session read: with revalidateIfStale off, a cached "no user" would send us back here.
      await mutate(paths.me(), await trigger(body), { revalidate: false });
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Page>
      <Panel onSubmit={submit} noValidate aria-labelledby="signin-title">
        <Brand>
          <Shield size={22} aria-hidden="true" />
          {APP_TITLE}
        </Brand>
        <Title id="signin-title">Sign in</Title>
        <FormField label="Username" required error={errors.username?.message}>
          <Input autoComplete="username" autoFocus {...form.register('username')} />
        </FormField>
        <FormField label="Password" required error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        {failure ? <Failure role="alert">{failure}</Failure> : null}
        <Button type="submit" loading={isMutating} loadingText="Signing in...">
          Sign In
        </Button>
      </Panel>
    </Page>
  );
}
