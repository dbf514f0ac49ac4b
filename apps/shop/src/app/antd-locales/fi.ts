import { makeLocale } from './make'

/** Finnish texts of antd-mobile's components (antd-mobile ships none, STACK.md trap 6). */
export default makeLocale({
  locale: 'fi-FI',
  common: { confirm: 'Vahvista', cancel: 'Peruuta', loading: 'Ladataan', close: 'Sulje' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: { noMore: 'Ei enempää', failedToLoad: 'Lataus epäonnistui', retry: 'Yritä uudelleen' },
  Input: { clear: 'tyhjennä' },
  Mask: { name: 'Peite' },
  SearchBar: { name: 'Hakupalkki' },
  Stepper: { decrease: 'vähennä', increase: 'lisää' },
  Selector: { name: 'Valitsin' },
  PullToRefresh: { pulling: 'Vedä alas päivittääksesi', canRelease: 'Päästä irti päivittääksesi', complete: 'Päivitetty' },
})
