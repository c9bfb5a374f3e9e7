import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from '../../src/components/ui/alert';
import { Card } from '../../src/components/ui/card';
import { SelectField } from '../../src/components/ui/field';
import { PageHeader } from '../../src/components/ui/page-header';
import { TextField } from '../../src/components/ui/text-field';
import { TestI18n } from '../support/i18n';

describe('the UI vocabulary', () => {
  it('a card with a title is a section named by it; without one it is no landmark', () => {
    render(
      <TestI18n>
        <Card title="Devices" description="Linked to your account" actions={<button type="button">Add</button>}>
          <p>Laptop</p>
        </Card>
        <Card>
          <p>Untitled</p>
        </Card>
      </TestI18n>,
    );
    const section = screen.getByRole('region', { name: 'Devices' });
    expect(section).toHaveTextContent('Linked to your account');
    expect(screen.getByRole('heading', { level: 2, name: 'Devices' })).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('an alert offers "Try again" only with a retry, and announces itself', async () => {
    const onRetry = vi.fn();
    render(
      <TestI18n>
        <Alert onRetry={onRetry}>We could not load your routers.</Alert>
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your routers.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('a page header has the one h1, focusable from script, with its way back and actions', () => {
    render(
      <TestI18n>
        <PageHeader
          title="Billing"
          back={<a href="/account">Back to your account</a>}
          actions={<button type="button">Upgrade</button>}
        />
      </TestI18n>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('link', { name: 'Back to your account' })).toBeInTheDocument();
  });

  it('fields tie their label, description and error to the control', async () => {
    const onValueChange = vi.fn();
    render(
      <TestI18n>
        <TextField
          label="Name"
          value=""
          onValueChange={() => {}}
          helperText="As it shows to your team"
          errorText="Enter a name."
        />
        <SelectField
          label="Role"
          value="user"
          onValueChange={onValueChange}
          options={[
            { value: 'user', label: 'User' },
            { value: 'admin', label: 'Admin' },
          ]}
        />
      </TestI18n>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/As it shows to your team/);
    expect(name).toHaveAccessibleErrorMessage(/Enter a name\./);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    expect(onValueChange).toHaveBeenCalledWith('admin');
  });
});
