import { i18n } from '@lingui/core';
import { translateContractMessage } from '@pulse/contract/messages-i18n';

/**
 * A text the contract defines (a label table's entry, a field message), in the page's language: the
 * contract keeps them in English with their catalog message beside (contractMessage). Read when
 * rendering: a page renders again on a language switch.
 */
export function contractText(text: string): string {
  return translateContractMessage(i18n, text);
}
