import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormField, SelectOptions } from './form-field';

describe('FormField', () => {
  it('names the control by its label and marks nothing while the value is valid', () => {
    render(
      <FormField id="site-name" label="Nom du site">
        {(control) => <Form.Control {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Nom du site' });
    expect(input).toHaveAttribute('id', 'site-name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveClass('is-invalid');
    expect(input).toHaveAccessibleDescription('');
  });

  it('announces the error through aria-describedby and marks the control invalid', () => {
    render(
      <FormField id="site-name" label="Nom du site" error="Ce champ est obligatoire.">
        {(control) => <Form.Control {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Nom du site' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveClass('is-invalid');
    expect(input).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(document.getElementById('site-name-error')).toHaveTextContent('Ce champ est obligatoire.');
    // only an opted-in field shouts its error
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('describes the control by its help text, then by the error, after the outside descriptions', () => {
    const { rerender } = render(
      <>
        <p id="zone-map-help">Cliquez sur la carte.</p>
        <FormField id="zone" label="Sommets" help="Une ligne par sommet." describedBy="zone-map-help">
          {(control) => <Form.Control as="textarea" {...control} />}
        </FormField>
      </>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Sommets' });
    expect(textarea).toHaveAccessibleDescription('Cliquez sur la carte. Une ligne par sommet.');
    expect(textarea).not.toHaveAttribute('aria-invalid');

    rerender(
      <>
        <p id="zone-map-help">Cliquez sur la carte.</p>
        <FormField
          id="zone"
          label="Sommets"
          help="Une ligne par sommet."
          describedBy="zone-map-help"
          error="Au moins trois sommets."
          announce
        >
          {(control) => <Form.Control as="textarea" {...control} />}
        </FormField>
      </>,
    );
    expect(textarea).toHaveAccessibleDescription(
      'Cliquez sur la carte. Une ligne par sommet. Au moins trois sommets.',
    );
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Au moins trois sommets.');
  });

  it('shows no help text when there is none to give', () => {
    render(
      <FormField id="work-organization" label="Organisation" help={null}>
        {(control) => (
          <Form.Select {...control}>
            <option value="1">Ville de Dijon</option>
          </Form.Select>
        )}
      </FormField>,
    );
    const select = screen.getByRole('combobox', { name: 'Organisation' });
    expect(select).not.toHaveAttribute('aria-describedby');
    expect(document.getElementById('work-organization-help')).toBeNull();
  });

  it('follows a react-hook-form field: the error appears on submit and leaves once the value is valid', async () => {
    function Harness() {
      const form = useForm<{ title: string }>({ defaultValues: { title: '' } });
      const { errors } = form.formState;
      return (
        <Form noValidate onSubmit={(e) => void form.handleSubmit(() => undefined)(e)}>
          <FormField id="title" label="Intitulé" error={errors.title?.message}>
            {(control) => (
              <Form.Control
                {...form.register('title', { required: 'Saisissez un intitulé.' })}
                {...control}
              />
            )}
          </FormField>
          <button type="submit">Enregistrer</button>
        </Form>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Intitulé');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Saisissez un intitulé.');
    await user.type(input, 'Reprise de trottoir');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('');
    expect(input).toHaveValue('Reprise de trottoir');
  });
});

describe('SelectOptions', () => {
  it('offers one option per item, valued by its id, after the empty choice', async () => {
    const user = userEvent.setup();
    render(
      <FormField id="category" label="Catégorie">
        {(control) => (
          <Form.Select defaultValue="" {...control}>
            <SelectOptions
              items={[
                { id: 3, label: 'Propreté' },
                { id: 5, label: 'Voirie' },
              ]}
              empty="Choisir une catégorie"
            />
          </Form.Select>
        )}
      </FormField>,
    );
    const select = screen.getByRole('combobox', { name: 'Catégorie' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choisir une catégorie',
      'Propreté',
      'Voirie',
    ]);
    expect(select).toHaveValue('');
    await user.selectOptions(select, 'Voirie');
    expect(select).toHaveValue('5');
  });

  it('offers no empty choice unless asked, and nothing before the items arrive', () => {
    const { rerender } = render(
      <select aria-label="Type">
        <SelectOptions items={undefined} />
      </select>,
    );
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    rerender(
      <select aria-label="Type">
        <SelectOptions items={[{ id: 'a', label: 'Nettoyage' }]} />
      </select>,
    );
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('a');
  });
});
