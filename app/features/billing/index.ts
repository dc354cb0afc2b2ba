export { PriceBox } from "./price-box";
export { parseItemList } from "./warriorplus-ipn";
