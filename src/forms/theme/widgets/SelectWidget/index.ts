export { SelectWidget } from './SelectWidget.tsx';
export { fromRadixValue, PLACEHOLDER_ITEM_VALUE, toRadixValue } from './selectValue.ts';
