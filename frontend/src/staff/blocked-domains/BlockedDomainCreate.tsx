import { Create, required, SimpleForm, TextInput } from 'react-admin';

/** Blocks a destination domain and its subdomains: refused at create and update, disabled at /d/. */
export function BlockedDomainCreate() {
  return (
    <Create title="Block a domain" redirect="list">
      <SimpleForm>
        <TextInput
          source="domain"
          label="Domain"
          helperText="For example phish.example: its subdomains are blocked too"
          validate={required()}
        />
        <TextInput source="reason" label="Reason" validate={required()} multiline fullWidth />
      </SimpleForm>
    </Create>
  );
}
