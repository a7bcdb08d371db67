// A machine group's name, new or renamed; the server's 409 for a name in use shows on the field.
import { Create, Edit, required, SimpleForm, TextInput } from 'react-admin';

const form = (
  <SimpleForm>
    <TextInput source="name" validate={required()} slotProps={{ htmlInput: { maxLength: 80 } }} />
  </SimpleForm>
);

export function GroupCreate() {
  return <Create redirect="list">{form}</Create>;
}

export function GroupEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic">
      {form}
    </Edit>
  );
}
