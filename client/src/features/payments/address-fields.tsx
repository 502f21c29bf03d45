import { SelectField } from "@client/components/select-field";
import { TextField } from "@client/components/text-field";
import { validationMessage } from "@client/lib/errors";
import type { Field } from "@client/lib/use-field";

/** One input of an address: its field state, the form's name for it and its label. */
export type AddressInput = { field: Field; name: string; label: string };

const errorOf = (field: Field) => (field.errorCode ? validationMessage(field.errorCode) : null);

function AddressTextField({ input, autoComplete, optional, inputMode }: { input: AddressInput; autoComplete: string; optional?: boolean; inputMode?: "numeric" }) {
  const { field } = input;
  return (
    <TextField
      label={input.label}
      name={input.name}
      autoComplete={autoComplete}
      optional={optional}
      inputMode={inputMode}
      value={field.value}
      onValueChange={field.onValueChange}
      onBlur={field.onBlur}
      error={errorOf(field)}
    />
  );
}

/**
 * The inputs of a postal address, as the payment address (spec 001 section 2.9) and a business team's invoice address
 * (section 5) ask them: street, an optional second line, postal code beside the town, and the country, each with the
 * browser's address autocomplete. The forms keep their own names, labels, rules and country list.
 */
export function AddressFields(props: {
  line1: AddressInput;
  line2?: AddressInput;
  postalCode: AddressInput & { numeric: boolean };
  town: AddressInput;
  country: {
    name: string;
    label: string;
    value: string;
    onValueChange: (value: string) => void;
    options: { value: string; label: string }[];
    placeholder: string;
    error?: string | null;
  };
}) {
  const { country } = props;
  return (
    <>
      <AddressTextField input={props.line1} autoComplete="address-line1" />
      {props.line2 ? <AddressTextField input={props.line2} autoComplete="address-line2" optional /> : null}
      <div className="grid grid-cols-[7.5rem_1fr] gap-3">
        <AddressTextField input={props.postalCode} autoComplete="postal-code" inputMode={props.postalCode.numeric ? "numeric" : undefined} />
        <AddressTextField input={props.town} autoComplete="address-level2" />
      </div>
      <SelectField
        label={country.label}
        name={country.name}
        autoComplete="country"
        value={country.value}
        onValueChange={country.onValueChange}
        options={country.options}
        placeholder={country.placeholder}
        error={country.error}
      />
    </>
  );
}
