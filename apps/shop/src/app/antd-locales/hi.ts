import { makeLocale } from './make'

/** Hindi texts of antd-mobile's components (antd-mobile ships none, STACK.md trap 6). */
export default makeLocale({
  locale: 'hi-IN',
  common: { confirm: 'पुष्टि करें', cancel: 'रद्द करें', loading: 'लोड हो रहा है', close: 'बंद करें' },
  Dialog: { ok: 'ठीक है' },
  Modal: { ok: 'ठीक है' },
  InfiniteScroll: { noMore: 'और कुछ नहीं', failedToLoad: 'लोड नहीं हो सका', retry: 'फिर से कोशिश करें' },
  Input: { clear: 'साफ़ करें' },
  Mask: { name: 'मास्क' },
  SearchBar: { name: 'खोज बार' },
  Stepper: { decrease: 'घटाएँ', increase: 'बढ़ाएँ' },
  Selector: { name: 'चयनकर्ता' },
  PullToRefresh: { pulling: 'रीफ़्रेश करने के लिए नीचे खींचें', canRelease: 'रीफ़्रेश करने के लिए छोड़ें', complete: 'रीफ़्रेश हो गया' },
})
