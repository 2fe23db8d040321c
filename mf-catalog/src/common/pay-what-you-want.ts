/** How a pay-what-you-want product is named: with no minimum, it may be had for nothing. */
export const payWhatYouWantTitle = (minimum: number) =>
  minimum === 0 ? 'Free or pay what you want' : 'Pay what you want';
