import type { SafetyFlag } from '@bazaar/contract/chat-values'

/**
 * The one list of signs that a merchant is steering a buyer to pay outside the platform,
 * where nothing protects the buyer: a wallet address, a phone number, a messaging handle, or
 * words asking to pay elsewhere. A flagged message is delivered (it may be innocent) with a
 * warning to the buyer and listed for operators. Rules favour plain, common forms; an order
 * number, a price, a date or a tracking number must not trip them (see safety.test.ts).
 */
export const safetyRules: Record<SafetyFlag, RegExp[]> = {
  wallet: [
    /\b0x[0-9a-f]{40}\b/i, // EVM (Ethereum, BSC, Polygon…)
    /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/, // TRON
    /\bbc1[02-9ac-hj-np-z]{11,71}\b/i, // Bitcoin bech32
    /\b[13][1-9A-HJ-NP-Za-km-z]{25,34}\b/, // Bitcoin legacy and P2SH
  ],
  phone: [
    // International: + or 00, then 7 to 15 digits, spaces, dots and dashes allowed between.
    /(?:^|[^\w+])(?:\+|00)\s?\d(?:[\s.()-]?\d){6,14}(?!\d)/,
    // A national number written in groups (555-123-4567, 138 1234 5678, 030 901820 12); 9+ digits (checked below).
    /(?<![\d.,])\(?\d{2,4}\)?[\s.-]\d{3,4}[\s.-]\d{3,5}(?![\d.,]*\d)/,
    // A Chinese mobile number on its own (11 digits from 13 to 19).
    /(?<!\d)1[3-9]\d{9}(?!\d)/,
    // A number right after a word for phone.
    /(?:\btel\b|\bphone\b|\bcall me\b|\bmobile\b|\bcell\b|电话|手机|號碼|号码|whats\s*app)\D{0,12}\d{6,}/i,
  ],
  handle: [
    /\bt\.me\/|\btelegram\b|\btg\s*[:：]/i,
    /\bwa\.me\/|whats\s*app/i,
    /\bwechat\b|\bweixin\b|微信|\bvx\s*[:：]|\bwx\s*[:：]/i,
    /\b(?:line|signal|skype|viber|kakao(?:talk)?|qq|discord|instagram|snapchat|ig)\s*(?:id)?\s*[:：@]/i,
    /(?:^|\s)@[a-z0-9_]{4,32}\b/i, // @handle
    /\b[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i, // e-mail address
  ],
  offPlatform: [
    /\bpay\s+(?:me\s+|us\s+)?(?:directly|privately|outside|off[\s-]?(?:the\s+)?(?:platform|app|site))/i,
    /\b(?:outside|off|bypass(?:ing)?|avoid(?:ing)?)\s+(?:of\s+)?(?:the\s+)?(?:platform|bazaar|app|site)\b/i,
    /\b(?:bank|wire|direct)\s+transfer\b/i,
    /\b(?:western\s+union|moneygram|paypal|venmo|cash\s*app|zelle|alipay|wechat\s*pay|revolut)\b|支付宝|微信支付/i,
    /\bsend\s+(?:the\s+)?(?:usdt|usd|money|payment|crypto|btc|eth|funds)\s+(?:to|directly)\b/i,
    /\b(?:cheaper|discount|better\s+price)\b.{0,40}\b(?:outside|directly|privately)\b/i,
    /私下(?:交易|付款|转账)|线下(?:交易|付款)|直接(?:转账|付款)|加我/,
    /fuera\s+de\s+la\s+plataforma|pago\s+directo|fora\s+da\s+plataforma|pagamento\s+direto/i,
    /(?:hors|en\s+dehors)\s+de\s+la\s+plate-?forme|paiement\s+direct/i,
    /außerhalb\s+der\s+plattform|direkt\s+überweisen/i,
    /خارج\s+المنصة|تحويل\s+مباشر|ادفع\s+مباشرة/,
  ],
}

/** Digits a grouped national number must have, so that prices ("1 000 000") and dates stay out. */
const minGroupedPhoneDigits = 9

/** Folds look-alikes: full-width forms and digits (NFKC), zero-width characters removed. */
function normalise(text: string): string {
  return text.normalize('NFKC').replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
}

function matches(flag: SafetyFlag, rule: RegExp, text: string): boolean {
  const found = rule.exec(text)
  if (!found) return false
  if (flag === 'phone' && rule === safetyRules.phone[1]) return found[0].replace(/\D/g, '').length >= minGroupedPhoneDigits
  return true
}

/** What a message text shows of the signs above, in the contract's order; empty when nothing. */
export function safetyFlagsOf(text: string): SafetyFlag[] {
  const folded = normalise(text)
  return (Object.keys(safetyRules) as SafetyFlag[]).filter((flag) => safetyRules[flag].some((rule) => matches(flag, rule, folded)))
}
