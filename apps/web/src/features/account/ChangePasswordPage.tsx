import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError, errorMessage } from '../../api/client';
import { userApi } from '../../api/user';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { FormAlert } from '../../ui/FormAlert';
import { NewPasswordField } from './NewPasswordField';
import { changePasswordForm } from './schemas';

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { oldPassword: '', newPassword: '' },
  });

  const change = useMutation({
    mutationFn: userApi.changePassword,
    onSuccess: async (res) => {
      toast.success(res.message || 'Password changed');
      await navigate('/account', { replace: true });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400 && /current|old/i.test(err.message))
        setError('oldPassword', { type: 'server', message: err.message });
      toast.error(errorMessage(err));
    },
  });

  return (
    <>
      <PageHeader title="Change password" back="/account" backLabel="Back to account" />
      <Card>
        <p className="mb-5 text-[15px] text-muted">For your security, other devices will be logged out after you change your password.</p>
        <form onSubmit={handleSubmit((v) => change.mutate(v))} noValidate className="flex flex-col gap-5">
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            revealable
            error={formState.errors.oldPassword?.message}
            {...register('oldPassword')}
          />
          <NewPasswordField error={formState.errors.newPassword?.message} {...register('newPassword')} />
          <FormAlert message={change.isError ? errorMessage(change.error) : null} />
          <Button type="submit" size="lg" block loading={change.isPending}>
            Change password
          </Button>
        </form>
      </Card>
    </>
  );
}
