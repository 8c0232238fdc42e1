import { zodResolver } from '@hookform/resolvers/zod';
import { addStaffBody, disableStaffBody, type StaffMember, type StaffRole } from '@owo/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { Field } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { SelectField } from '@web/ui/Select';
import { Sheet } from '@web/ui/Sheet';
import { call, messageOf, newKey } from '../api';
import { fieldErrorText, useServerErrors } from '../forms';
import { ReasonSheet } from '../ReasonSheet';
import { useMe } from '../session';
import { Loaded, Notice, PageTitle, Pager, ROLE_LABELS, when } from '../ui';

const LIMIT = 50;
const ROLES: StaffRole[] = ['support', 'finance', 'compliance', 'moderator', 'admin'];
const ROLE_HINTS: Record<StaffRole, string> = {
  support: 'Finds customers, writes notes, asks for credits, refunds and reversals.',
  finance: 'Asks for and approves money (never their own request), reads health.',
  compliance: 'Reads customers, money requests and the audit log; writes notes.',
  moderator: 'Reviews what customers reported: restores, warns, removes, and bans authors.',
  admin: 'Adds and disables staff, reads the audit log and health, moderates; moves no money.',
};
const STATUS_TONE = { invited: 'warning', active: 'brand', disabled: 'danger' } as const;
type AddStaffBody = z.output<typeof addStaffBody>;

function AddStaff({ onClose, onAdded }: { onClose: () => void; onAdded: (m: StaffMember) => void }) {
  const [key] = useState(newKey);
  const form = useForm({ resolver: zodResolver(addStaffBody), defaultValues: { name: '', email: '', role: 'support' as StaffRole } });
  const add = useMutation({
    mutationFn: async (body: AddStaffBody) => (await call('POST /api/staff/staff', { body, idempotencyKey: key })).data,
    onSuccess: onAdded,
  });
  const onServerError = useServerErrors(form, ['name', 'email', 'role']);
  const role = form.watch('role');
  const fieldError = (name: 'name' | 'email') => fieldErrorText(form, name);
  return (
    <Sheet open onClose={onClose} title="Add a staff member" variant="modal">
      <p className="mb-4 text-sm text-muted">They get an email with a link to set their password and authenticator app.</p>
      <form onSubmit={form.handleSubmit((v) => add.mutate(v, { onError: onServerError }))} className="flex flex-col gap-4" noValidate>
        <FormAlert message={add.error && !fieldError('email') && !fieldError('name') ? messageOf(add.error) : null} />
        <Field label="Full name" autoComplete="off" error={fieldError('name')} {...form.register('name')} />
        <Field label="Work email" type="email" autoComplete="off" error={fieldError('email')} {...form.register('email')} />
        <SelectField label="Role" hint={ROLE_HINTS[role]} {...form.register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" block loading={add.isPending}>
          Send the invitation
        </Button>
      </form>
    </Sheet>
  );
}

function DisableSheet({ m, onClose, onDone }: { m: StaffMember; onClose: () => void; onDone: () => void }) {
  return (
    <ReasonSheet
      open
      onClose={onClose}
      title={`Disable ${m.name}`}
      schema={disableStaffBody}
      defaultValues={{ reason: '' }}
      intro={<p className="text-sm text-muted">Their sessions end at once and they cannot sign in again.</p>}
      reasonLabel="Why"
      reasonHint="Kept in the audit log."
      submitLabel="Disable"
      danger
      send={(body, idempotencyKey) => call('POST /api/staff/staff/:id/disable', { params: { id: m.id }, body, idempotencyKey })}
      onDone={onDone}
    />
  );
}

/** Staff accounts: add (by invitation) and disable. */
export function StaffPage() {
  const me = useMe();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: ['staff', page],
    queryFn: async ({ signal }) => call('GET /api/staff/staff', { query: { page, limit: LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queries.invalidateQueries({ queryKey: ['staff'] });
  return (
    <>
      <PageTitle
        title="Staff"
        actions={
          <Button icon={<UserPlus className="size-5" aria-hidden="true" />} onClick={() => setAdding(true)}>
            Add a staff member
          </Button>
        }
      >
        Who can use the console, in which role.
      </PageTitle>
      <div className="flex flex-col gap-4">
        {notice ? <Notice>{notice}</Notice> : null}
        {adding ? (
          <AddStaff
            onClose={() => setAdding(false)}
            onAdded={(m) => {
              setAdding(false);
              setNotice(`Invitation sent to ${m.email}.`);
              refresh();
            }}
          />
        ) : null}
        <Loaded query={list} label="Loading staff">
          {(r) =>
            r.data.length === 0 ? (
              <EmptyState icon={<UsersRound className="size-9" />} title="No staff yet" />
            ) : (
              <>
                <ul className="flex flex-col gap-2" aria-label="Staff members">
                  {r.data.map((m) => (
                    <li key={m.id}>
                      <Card className="flex flex-wrap items-center gap-3">
                        <div className="min-w-0 flex-1">
                          <p className="flex flex-wrap items-center gap-2 font-semibold">
                            {m.name} <Badge tone="neutral">{ROLE_LABELS[m.role]}</Badge>{' '}
                            <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
                          </p>
                          <p className="truncate text-sm text-muted">{m.email}</p>
                          <p className="text-xs text-subtle">
                            {m.lastLoginAt ? `Last signed in ${when(m.lastLoginAt)}` : 'Never signed in'}
                            {m.createdBy ? ` · added by ${m.createdBy}` : ' · made by the command'}
                          </p>
                        </div>
                        {m.status !== 'disabled' && m.id !== me.data?.id ? (
                          <Button size="sm" variant="danger" onClick={() => setDisabling(m)}>
                            Disable
                          </Button>
                        ) : null}
                      </Card>
                    </li>
                  ))}
                </ul>
                <Pager label="Staff pages" page={page} limit={LIMIT} total={r.pagination?.total ?? 0} onPage={setPage} />
              </>
            )
          }
        </Loaded>
      </div>
      {disabling ? (
        <DisableSheet
          m={disabling}
          onClose={() => setDisabling(null)}
          onDone={() => {
            setNotice(`${disabling.name} is disabled.`);
            setDisabling(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
