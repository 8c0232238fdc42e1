import type { StaffMember, StaffRole } from '@owo/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus, UsersRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { Field, TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { SelectField } from '@web/ui/Select';
import { Sheet } from '@web/ui/Sheet';
import { call, fieldErrorOf, messageOf, newKey } from '../api';
import { useMe } from '../session';
import { Loaded, Notice, PageTitle, Pager, ROLE_LABELS, when } from '../ui';

const LIMIT = 50;
const ROLES: StaffRole[] = ['support', 'finance', 'compliance', 'moderator', 'admin'];
const ROLE_HINTS: Record<StaffRole, string> = {
  support: 'Finds customers, writes notes, asks for credits, refunds and reversals.',
  finance: 'Asks for and approves money (never their own request), reads health.',
  compliance: 'Reads customers, money requests and the audit log; writes notes.',
  moderator: 'Moderation, arriving with its own release.',
  admin: 'Adds and disables staff, reads the audit log and health; moves no money.',
};
const STATUS_TONE = { invited: 'warning', active: 'brand', disabled: 'danger' } as const;

function AddStaff({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (m: StaffMember) => void }) {
  const [form, setForm] = useState({ name: '', email: '', role: 'support' as StaffRole });
  const [key, setKey] = useState(newKey);
  const add = useMutation({
    mutationFn: async () => (await call('POST /api/staff/staff', { body: form, idempotencyKey: key })).data,
    onSuccess: (m) => {
      setForm({ name: '', email: '', role: 'support' });
      setKey(newKey());
      onAdded(m);
    },
  });
  const fieldError = (name: string) => fieldErrorOf(add.error, name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <Sheet open={open} onClose={onClose} title="Add a staff member" variant="modal">
      <p className="mb-4 text-sm text-muted">They get an email with a link to set their password and authenticator app.</p>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormAlert message={add.error && !fieldError('email') && !fieldError('name') ? messageOf(add.error) : null} />
        <Field
          label="Full name"
          value={form.name}
          error={fieldError('name')}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <Field
          label="Work email"
          type="email"
          value={form.email}
          error={fieldError('email')}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
        <SelectField
          label="Role"
          value={form.role}
          hint={ROLE_HINTS[form.role]}
          onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })}
        >
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

function DisableSheet({ m, onClose, onDone }: { m: StaffMember | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [key] = useState(newKey);
  const disable = useMutation({
    mutationFn: async () => call('POST /api/staff/staff/:id/disable', { params: { id: m!.id }, body: { reason }, idempotencyKey: key }),
    onSuccess: onDone,
  });
  return (
    <Sheet open={m !== null} onClose={onClose} title={`Disable ${m?.name ?? ''}`} variant="modal">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          disable.mutate();
        }}
      >
        <p className="text-sm text-muted">Their sessions end at once and they cannot sign in again.</p>
        <FormAlert message={disable.error ? messageOf(disable.error) : null} />
        <TextAreaField label="Why" value={reason} onChange={(e) => setReason(e.target.value)} />
        <Button type="submit" variant="danger" block loading={disable.isPending}>
          Disable
        </Button>
      </form>
    </Sheet>
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
        <AddStaff
          open={adding}
          onClose={() => setAdding(false)}
          onAdded={(m) => {
            setAdding(false);
            setNotice(`Invitation sent to ${m.email}.`);
            refresh();
          }}
        />
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
      <DisableSheet
        key={disabling?.id ?? 'none'}
        m={disabling}
        onClose={() => setDisabling(null)}
        onDone={() => {
          setNotice(`${disabling?.name} is disabled.`);
          setDisabling(null);
          refresh();
        }}
      />
    </>
  );
}
