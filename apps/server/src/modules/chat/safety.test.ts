import { describe, expect, it } from 'vitest'
import { safetyFlagsOf } from './safety.ts'

describe('safety rules', () => {
  it.each([
    ['Send it to 0x52908400098527886E0F7030069857D2E4169EE7 please', ['wallet']],
    ['my TRC20: TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', ['wallet']],
    ['btc bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ['wallet']],
    ['legacy 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', ['wallet']],
  ])('finds a wallet address: %s', (text, flags) => {
    expect(safetyFlagsOf(text)).toEqual(flags)
  })

  it.each([
    'call +49 30 901820 for details',
    'number: 0086 138 1234 5678',
    'ring 555-123-4567',
    '13812345678',
    'my phone is 5551234567',
    'ｐｈｏｎｅ ＋４４ ２０ ７９４６ ００００', // full-width look-alikes
  ])('finds a phone number: %s', (text) => {
    expect(safetyFlagsOf(text)).toContain('phone')
  })

  it.each([
    'find me on t.me/cheapdeals',
    'add me on WhatsApp',
    'WeChat: shop8888',
    '加我微信 shop8888',
    'Line ID: goodshop',
    'message @cheap_deals_shop',
    'write to deals@example.com',
  ])('finds a messaging handle: %s', (text) => {
    expect(safetyFlagsOf(text)).toContain('handle')
  })

  it.each([
    'You can pay me directly and save the fee',
    'Better to do this outside the platform',
    'Bank transfer is fine too',
    'I accept PayPal',
    'send the USDT to my wallet',
    'Price is cheaper if you pay privately',
    '我们私下交易吧',
    'podemos hacerlo fuera de la plataforma',
    'on peut payer en dehors de la plateforme',
    'lieber außerhalb der Plattform',
    'يمكنك الدفع خارج المنصة',
  ])('finds words asking to pay outside: %s', (text) => {
    expect(safetyFlagsOf(text)).toContain('offPlatform')
  })

  it.each([
    'Your order 2026112200012345678 has shipped with DHL, tracking JD014600003958771',
    'The price is 1 000 000 IDR, or 24.99 USD',
    'Delivered on 2026-11-22 at 14:30',
    'Size 42, colour red, 2 pieces',
    'Thanks! Please pay through the app, the order is protected.',
    'Hello, is this still available?',
    'We ship within 24-48 hours',
    'Your refund of 12.50 was approved',
    'Model XPS-9320-2024 in stock',
  ])('leaves ordinary shop talk alone: %s', (text) => {
    expect(safetyFlagsOf(text)).toEqual([])
  })

  it('reports every kind found, in a stable order', () => {
    expect(safetyFlagsOf('Pay me directly: WhatsApp +44 20 7946 0000 or TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toEqual([
      'wallet',
      'phone',
      'handle',
      'offPlatform',
    ])
  })
})
