import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { jsonResponse, renderWithProviders, stubServer } from '../../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TAKEN = 'The email has already been taken.';

describe('<RegisterPage>', () => {
  it('shows a taken e-mail once, on the e-mail field', async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(null, (url, init) =>
      url.startsWith('/api/auth/register') && init?.method === 'POST' ? jsonResponse({ message: TAKEN, errors: { email: [TAKEN] } }, 422) : undefined,
    );
    renderWithProviders(
      <MemoryRouter initialEntries={['/register']}>
        <RegisterPage />
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText('Full name'), 'Zahra Karimi');
    await user.type(screen.getByLabelText('Email address'), 'zahra@example.org');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(screen.getAllByText(TAKEN)).toHaveLength(1));
    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert', { name: TAKEN })).toBeNull();
    // The one message is the field's own (linked to it), not a banner above the form.
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(TAKEN);
  });
});
