import { apiClient } from '@store/shared';
import { renderWithProviders } from '@store/shared/testing';
import { answerGets } from '@store/shared/testing/api-answers';
import { deferred } from '@store/shared/testing/deferred';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DROPDOWNS } from '../../testing/fixtures';
import { CreateProductForm } from './create-product-form';
import { readAsDataUrl } from './read-file';

// The browser reads a big asset for a while; here the test decides when the read finishes.
jest.mock('./read-file', () => ({
  ...jest.requireActual<typeof import('./read-file')>('./read-file'),
  readAsDataUrl: jest.fn(),
}));

const read = jest.mocked(readAsDataUrl);

beforeEach(() => {
  jest.spyOn(apiClient, 'get').mockImplementation(answerGets({ '/dropdown/all': DROPDOWNS }));
});
afterEach(() => jest.restoreAllMocks());

describe('CreateProductForm while a picked file is read', () => {
  it('says which file it reads and holds the submit until the read is done', async () => {
    const reading = deferred<string>();
    read.mockReturnValue(reading.promise);
    const post = jest.spyOn(apiClient, 'post');
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);

    await user.upload(
      screen.getByLabelText('Original Asset (optional)'),
      new File(['zip'], 'pack.zip'),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Reading pack.zip...');
    const submit = screen.getByRole('button', { name: 'Reading files...' });
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(post).not.toHaveBeenCalled();

    reading.resolve('data:application/zip;base64,emlw');
    expect(await screen.findByTestId('asset-summary')).toHaveTextContent('pack.zip');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  it('enables the submit again when the file cannot be read', async () => {
    const reading = deferred<string>();
    read.mockReturnValue(reading.promise);
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);

    await user.upload(
      screen.getByLabelText('Add Preview Images'),
      new File(['x'], 'cover.png', {
        type: 'image/png',
      }),
    );
    expect(screen.getByRole('button', { name: 'Reading files...' })).toBeDisabled();
    reading.reject(new Error('unreadable'));

    expect(await screen.findByText('Could not read this file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  it('takes no other preview image until the ones picked are read', async () => {
    const reading = deferred<string>();
    read.mockReturnValue(reading.promise);
    const user = userEvent.setup();
    renderWithProviders(<CreateProductForm />);
    const input = screen.getByLabelText('Add Preview Images');

    await user.upload(input, new File(['x'], 'cover.png', { type: 'image/png' }));
    expect(screen.getByRole('status')).toHaveTextContent('Reading cover.png...');
    expect(input).toBeDisabled();

    reading.resolve('data:image/png;base64,eA==');
    expect(await screen.findByRole('img', { name: 'Preview of cover.png' })).toBeInTheDocument();
    expect(input).toBeEnabled();
  });
});
