import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { checkImage } from '../api/upload';
import { FileButton, IMAGE_ACCEPT, UploadOverlay } from './FilePicker';

const png = (name = 'a.png') => new File(['x'], name, { type: 'image/png' });

describe('FileButton', () => {
  it('is a file input named by its button text, taking the server image types', async () => {
    const onFiles = vi.fn();
    render(
      <FileButton multiple onFiles={onFiles}>
        Add photos
      </FileButton>,
    );
    const input = screen.getByLabelText('Add photos');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', IMAGE_ACCEPT);
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp');

    const files = [png(), png('b.png')];
    await userEvent.upload(input, files);
    expect(onFiles).toHaveBeenCalledWith(files);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('hands the first problem to onProblem instead of the files', async () => {
    const onFiles = vi.fn();
    const onProblem = vi.fn();
    render(
      <FileButton check={checkImage} onProblem={onProblem} onFiles={onFiles}>
        Send a photo
      </FileButton>,
    );
    await userEvent.upload(screen.getByLabelText('Send a photo'), new File(['x'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(onProblem).toHaveBeenCalledWith('Choose a JPEG, PNG or WebP image.');
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('takes nothing while disabled', async () => {
    const onFiles = vi.fn();
    render(
      <FileButton disabled onFiles={onFiles}>
        Change photo
      </FileButton>,
    );
    await userEvent.upload(screen.getByLabelText('Change photo'), png());
    expect(onFiles).not.toHaveBeenCalled();
  });
});

describe('UploadOverlay', () => {
  it('names the remove button and the progress after the upload, and says why it failed', async () => {
    const onRemove = vi.fn();
    const { rerender } = render(<UploadOverlay upload={{ progress: 0.42, status: 'uploading' }} name="photo 2" onRemove={onRemove} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 2' })).toBeInTheDocument();
    expect(screen.getByText('42%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(onRemove).toHaveBeenCalledTimes(1);

    rerender(<UploadOverlay upload={{ progress: 0.42, status: 'failed', error: 'Too big' }} name="photo 2" onRemove={onRemove} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Too big')).toBeInTheDocument();

    rerender(
      <UploadOverlay upload={{ progress: 0, status: 'failed', error: 'Too big' }} name="cover" onRemove={onRemove} showFailure={false} />,
    );
    expect(screen.queryByText('Too big')).not.toBeInTheDocument();
  });
});
