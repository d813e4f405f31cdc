import type { Overrides } from "../buyer-messages"
import { kitText, type KitTextKey } from "../texts"

/** What every component takes for its words: the buyer's language and the store's own words. */
export type TextProps = {
  /** The buyer's language: a buyer language (en, nb, sv, nl, de), a locale ("nb-NO") or an Accept-Language value.
   * Default English. */
  language?: string
  /** The store's words by text key ("company.change") or code ("TRADE_CREDIT_DECLINED"): one text, or one per language.
   * */
  overrides?: Overrides
}

/** The words of a component, in its language, the store's own first. */
export const textsOf =
  ({ language, overrides }: TextProps) =>
  (key: KitTextKey, values?: Record<string, string | number>) =>
    kitText(key, { language, overrides, values })

/** A component's words function (textsOf's answer), handed to the parts it renders. */
export type Texts = ReturnType<typeof textsOf>
