import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { nairaAmount } from '../lib/form-schemas';
import { AmountNarrationFields } from './AmountNarrationFields';

const schema = z.object({ to: z.string(), amount: nairaAmount(), narration: z.string().max(100) });
type Form = z.infer<typeof schema>;

function Harness({ onSubmit }: { onSubmit: (v: Form) => void }) {
  const form = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { to: 'ada', amount: '', narration: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <AmountNarrationFields form={form} hint="Wallet balance: ₦5,000.00" />
      <button type="submit">Continue</button>
    </form>
  );
}

describe('AmountNarrationFields', () => {
  it('binds the amount and narration of a larger form, echoing the amount and showing its errors', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.getByText('Wallet balance: ₦5,000.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter an amount')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Amount (₦)'), '1500');
    expect(screen.getByTestId('amount-echo')).toHaveTextContent('₦1,500.00');
    await userEvent.type(screen.getByLabelText('Narration (optional)'), 'Suya');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ to: 'ada', amount: '1500', narration: 'Suya' }, expect.anything());
  });
});
