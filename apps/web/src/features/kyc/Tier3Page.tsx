import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { kycApi } from '../../api/kyc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { ImagePicker, useImageUpload } from '../../ui/ImagePicker';
import { PageHeader } from '../../ui/PageHeader';
import { SelectField } from '../../ui/Select';
import { useKycStatus } from './queries';
import { useKycStep } from './parts';

const ID_TYPES = [
  ['nin_slip', 'NIN slip'],
  ['drivers_licence', 'Driver’s licence'],
  ['voters_card', 'Voter’s card'],
  ['passport', 'International passport'],
] as const;

/** Tier 3: a photo of an ID and of a proof of address (a utility bill), reviewed by our team. */
export default function Tier3Page() {
  const status = useKycStatus();
  const [idType, setIdType] = useState<(typeof ID_TYPES)[number][0]>('nin_slip');
  // Private documents: kept apart from other uploads, known by id, seen only by our compliance team.
  const id = useImageUpload(null, { privateDocument: true });
  const bill = useImageUpload(null, { privateDocument: true });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = useKycStep(() => kycApi.submitTier3({ idType, idDocumentId: id.id!, proofOfAddressId: bill.id! }));
  const pending = status.data?.tier3 === 'pending';

  return (
    <>
      <PageHeader title="Upgrade to Tier 3" back="/account/limits" backLabel="Back to limits" />
      <Card>
        <p className="mb-5 text-[15px] text-muted">
          Tier 3 has no deposit or balance cap and lets up to ₦5,000,000 leave a day. Send a clear photo of your ID and of a utility bill or
          bank statement from the last three months with your address; our team reviews them, usually within a day.
        </p>
        {pending ? (
          <p role="status" className="rounded-2xl bg-brand-soft px-4 py-3 text-sm font-medium text-brand-fg">
            Your documents are with our team for review.
          </p>
        ) : (
          <>
            {status.data?.tier3 === 'rejected' ? (
              <p role="alert" className="mb-5 rounded-2xl bg-danger-soft px-4 py-3 text-sm text-danger-fg">
                <span className="block font-semibold">Your last documents were not accepted</span>
                {status.data.tier3Reason ?? 'Please send them again.'}
              </p>
            ) : null}
            <form
              noValidate
              className="flex flex-col gap-5"
              onSubmit={(e) => {
                e.preventDefault();
                if (!id.id || !bill.id) return setProblem('Add both photos, and wait for them to upload.');
                setProblem(null);
                submit.mutate();
              }}
            >
              <SelectField label="Kind of ID" value={idType} onChange={(e) => setIdType(e.target.value as typeof idType)}>
                {ID_TYPES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <ImagePicker image={id} label="Photo of your ID" shape="cover" />
              <ImagePicker image={bill} label="Proof of address" shape="cover" />
              <FormAlert message={problem ?? (submit.isError ? errorMessage(submit.error) : null)} />
              <Button type="submit" size="lg" block loading={submit.isPending} disabled={id.uploading || bill.uploading}>
                Send for review
              </Button>
            </form>
          </>
        )}
      </Card>
    </>
  );
}
