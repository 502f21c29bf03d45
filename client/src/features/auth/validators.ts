import { ZLoginInput, ZRegisterInput } from "@shared/schemas/auth";
import { schemaProblem } from "@client/lib/schema-problem";
import type { Validator } from "@client/lib/use-field";

const fields = ZRegisterInput.shape;

export const validateEmail: Validator = (value) => schemaProblem(fields.email, value);
export const validateNewPassword: Validator = (value) => schemaProblem(fields.password, value);
export const validateLoginPassword: Validator = (value) => schemaProblem(ZLoginInput.shape.password, value);
export const validateFirstName: Validator = (value) => schemaProblem(fields.firstName, value);
export const validateLastName: Validator = (value) => schemaProblem(fields.lastName, value);
export const validateRegion: Validator = (value) => schemaProblem(fields.regionSlug, value);
