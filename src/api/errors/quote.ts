export { QUOTE_LENGTH, quote } from "../../utils/quote"
