import { isSingleLineText } from "../plainText";

/**
 * `.refine(...singleLine)` on a one-line text field (a name, a city, an account holder): line breaks,
 * tabs and other control characters are refused with a message that says so, not silently dropped,
 * so that what is stored is what the member sees in the field. Free text fields instead
 * `.overwrite(withoutControlCharacters)` (common/plainText): a pasted message keeps its lines.
 */
export const singleLine = [isSingleLineText, { error: "errors.text_control_characters" }] as const;
