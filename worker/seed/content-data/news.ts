import type { SeedArticle } from "./types";

// News (group 9): what the product offers. Newest first by id (the seed dates them in id order).
export const NEWS: SeedArticle[] = [
  {
    id: 901,
    group: 9,
    sort: 0,
    title: {
      en: "Welcome to Roundtable",
      chs: "欢迎来到 Roundtable",
      cht: "歡迎來到 Roundtable",
      vi: "Chào mừng đến với Roundtable",
    },
    content: {
      en: `<p>Roundtable brings sixteen quick-round games to your phone: number games, dice, 11x5 and car racing, each with a new round every few minutes.</p>
<p>Tap a tile on the home page to join a room, pick your options before betting closes and follow the draw live. Your balance, bet records and funds ledger are always one tap away under <strong>My</strong>.</p>
<p>New here? Start with <a href="/help/2601">How a round works</a> and <a href="/help/2606">Responsible play</a>.</p>`,
      chs: `<p>Roundtable 把十六款快节奏游戏带到您的手机上：数字游戏、骰子、11 选 5 和赛车，每隔几分钟就开启新的一期。</p>
<p>在首页点击游戏图标即可进入房间，在停止投注前选好选项，实时观看开奖。余额、投注记录和资金明细都在<strong>我的</strong>页面，一点即达。</p>
<p>第一次来？请先阅读<a href="/help/2601">每一期如何进行</a>和<a href="/help/2606">理性娱乐</a>。</p>`,
      cht: `<p>Roundtable 把十六款快節奏遊戲帶到您的手機上：數字遊戲、骰子、11 選 5 和賽車，每隔幾分鐘就開啟新的一期。</p>
<p>在首頁點擊遊戲圖示即可進入房間，在停止投注前選好選項，即時觀看開獎。餘額、投注記錄和資金明細都在<strong>我的</strong>頁面，一點即達。</p>
<p>第一次來？請先閱讀<a href="/help/2601">每一期如何進行</a>和<a href="/help/2606">理性娛樂</a>。</p>`,
      vi: `<p>Roundtable mang mười sáu trò chơi theo kỳ nhanh đến điện thoại của bạn: trò chơi số, xúc xắc, 11x5 và đua xe, cứ vài phút lại có một kỳ mới.</p>
<p>Chạm vào một ô trên trang chủ để vào phòng, chọn cược trước khi đóng cược và theo dõi quay thưởng trực tiếp. Số dư, lịch sử cược và sao kê luôn ở ngay mục <strong>Của tôi</strong>.</p>
<p>Lần đầu đến đây? Hãy đọc <a href="/help/2601">Một kỳ diễn ra như thế nào</a> và <a href="/help/2606">Chơi có trách nhiệm</a>.</p>`,
    },
  },
  {
    id: 902,
    group: 9,
    sort: 0,
    title: {
      en: "Sixteen games, three currency tabs",
      chs: "十六款游戏，三个币种标签",
      cht: "十六款遊戲，三個幣種標籤",
      vi: "Mười sáu trò chơi, ba thẻ tiền tệ",
    },
    content: {
      en: `<p>Every game has rooms in the USDT, BTC and ETH tabs. Standard rooms are open to everyone; VIP, Superior and Premier rooms ask for a minimum balance and VIP level, shown in the room list before you enter.</p>
<p>All rooms of a game share its rules; only the entry requirements differ. The table is in <a href="/help/2605">Rooms and VIP levels</a>.</p>`,
      chs: `<p>每款游戏在 USDT、BTC 和 ETH 标签下都有房间。标准房间对所有人开放；VIP、高级和尊享房间需要达到最低余额和 VIP 等级，进入前会在房间列表中显示。</p>
<p>同一游戏的所有房间规则相同，只是进入条件不同。详细表格见<a href="/help/2605">房间与 VIP 等级</a>。</p>`,
      cht: `<p>每款遊戲在 USDT、BTC 和 ETH 標籤下都有房間。標準房間對所有人開放；VIP、高級和尊享房間需要達到最低餘額和 VIP 等級，進入前會在房間列表中顯示。</p>
<p>同一遊戲的所有房間規則相同，只是進入條件不同。詳細表格見<a href="/help/2605">房間與 VIP 等級</a>。</p>`,
      vi: `<p>Mỗi trò chơi có phòng ở các thẻ USDT, BTC và ETH. Phòng Tiêu chuẩn mở cho mọi người; phòng VIP, Cao cấp và Thượng hạng yêu cầu số dư tối thiểu và cấp VIP, được ghi rõ trong danh sách phòng trước khi bạn vào.</p>
<p>Mọi phòng của một trò chơi có cùng luật; chỉ điều kiện vào phòng khác nhau. Bảng chi tiết nằm trong <a href="/help/2605">Phòng và cấp VIP</a>.</p>`,
    },
  },
  {
    id: 903,
    group: 9,
    sort: 0,
    title: {
      en: "Check any draw yourself",
      chs: "每一期开奖都可自行验证",
      cht: "每一期開獎都可自行驗證",
      vi: "Tự kiểm tra bất kỳ kỳ quay nào",
    },
    content: {
      en: `<p>Every round publishes a SHA-256 commitment before betting opens and its secret seed after the draw. With these two values anyone can recompute the result and confirm that it was fixed before the first bet.</p>
<p><a href="/help/2603">Provably fair draws</a> explains the steps.</p>`,
      chs: `<p>每一期在开放投注前公布 SHA-256 承诺值，开奖后公布密钥种子。凭这两个值，任何人都可以重新计算结果，确认结果在第一笔投注之前就已确定。</p>
<p>具体步骤请见<a href="/help/2603">可验证的公平开奖</a>。</p>`,
      cht: `<p>每一期在開放投注前公佈 SHA-256 承諾值，開獎後公佈密鑰種子。憑這兩個值，任何人都可以重新計算結果，確認結果在第一筆投注之前就已確定。</p>
<p>具體步驟請見<a href="/help/2603">可驗證的公平開獎</a>。</p>`,
      vi: `<p>Mỗi kỳ công bố một cam kết SHA-256 trước khi mở cược và công bố hạt giống bí mật sau khi quay. Với hai giá trị này, bất kỳ ai cũng có thể tính lại kết quả và xác nhận rằng kết quả đã được định trước lệnh cược đầu tiên.</p>
<p>Các bước được giải thích trong <a href="/help/2603">Quay thưởng công bằng có thể kiểm chứng</a>.</p>`,
    },
  },
  {
    id: 904,
    group: 9,
    sort: 0,
    title: {
      en: "Put Roundtable on your home screen",
      chs: "把 Roundtable 添加到主屏幕",
      cht: "把 Roundtable 加到主畫面",
      vi: "Đưa Roundtable ra màn hình chính",
    },
    content: {
      en: `<p>Roundtable runs in your phone's browser and can be added to the home screen like an app: it opens full screen and starts faster.</p>
<ul><li>Android (Chrome): open <a href="/my_update">App download</a> and tap <strong>Add to home screen</strong>, or choose <strong>Install app</strong> in the browser menu.</li>
<li>iPhone (Safari): tap the Share button, then <strong>Add to Home Screen</strong>.</li></ul>
<p>Your balance and bets are never stored on the phone: you always see the live figures.</p>`,
      chs: `<p>Roundtable 在手机浏览器中运行，也可以像应用一样添加到主屏幕：全屏打开，启动更快。</p>
<ul><li>Android（Chrome）：打开<a href="/my_update">应用下载</a>并点击<strong>添加到主屏幕</strong>，或在浏览器菜单中选择<strong>安装应用</strong>。</li>
<li>iPhone（Safari）：点击分享按钮，然后选择<strong>添加到主屏幕</strong>。</li></ul>
<p>您的余额和投注从不保存在手机上，您看到的始终是实时数据。</p>`,
      cht: `<p>Roundtable 在手機瀏覽器中執行，也可以像應用程式一樣加到主畫面：全螢幕開啟，啟動更快。</p>
<ul><li>Android（Chrome）：開啟<a href="/my_update">應用下載</a>並點擊<strong>加到主畫面</strong>，或在瀏覽器選單中選擇<strong>安裝應用程式</strong>。</li>
<li>iPhone（Safari）：點擊分享按鈕，然後選擇<strong>加入主畫面</strong>。</li></ul>
<p>您的餘額和投注從不儲存在手機上，您看到的始終是即時資料。</p>`,
      vi: `<p>Roundtable chạy trong trình duyệt điện thoại và có thể được thêm vào màn hình chính như một ứng dụng: mở toàn màn hình và khởi động nhanh hơn.</p>
<ul><li>Android (Chrome): mở <a href="/my_update">Tải ứng dụng</a> và chạm <strong>Thêm vào màn hình chính</strong>, hoặc chọn <strong>Cài đặt ứng dụng</strong> trong menu trình duyệt.</li>
<li>iPhone (Safari): chạm nút Chia sẻ, rồi chọn <strong>Thêm vào MH chính</strong>.</li></ul>
<p>Số dư và lệnh cược của bạn không bao giờ được lưu trên điện thoại: bạn luôn thấy số liệu trực tiếp.</p>`,
    },
  },
];
