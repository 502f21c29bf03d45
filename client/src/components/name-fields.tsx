import { validationMessage } from "@client/lib/errors";
import type { Field } from "@client/lib/use-field";
import { m } from "@client/paraglide/messages";
import { TextField } from "./text-field";

const errorOf = (field: Field) => (field.errorCode ? validationMessage(field.errorCode) : null);

/** The first name input (name "firstName", autocomplete "given-name") of a form's field. */
export function FirstNameField({ field }: { field: Field }) {
  return (
    <TextField
      label={m.field_first_name()}
      name="firstName"
      autoComplete="given-name"
      value={field.value}
      onValueChange={field.onValueChange}
      onBlur={field.onBlur}
      error={errorOf(field)}
    />
  );
}

/** The last name input (name "lastName", autocomplete "family-name"), marked optional where the form allows none. */
export function LastNameField({ field, optional }: { field: Field; optional?: boolean }) {
  return (
    <TextField
      label={m.field_last_name()}
      name="lastName"
      autoComplete="family-name"
      optional={optional}
      value={field.value}
      onValueChange={field.onValueChange}
      onBlur={field.onBlur}
      error={errorOf(field)}
    />
  );
}
