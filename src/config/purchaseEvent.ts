/**
 * The id of an order's purchase event, the same in the browser (the dataLayer push on the payment
 * return page, which the Meta pixel reads) and on the server (the Conversions API delivery), so an
 * ad platform that receives both counts the purchase once (docs/measurement.md). Plain module: the
 * browser and the server both import it.
 */
export function purchaseEventId(orderId: string): string {
  return `purchase-${orderId}`;
}
