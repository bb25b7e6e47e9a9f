import type { SeedArticle } from "./types";

// Help and introduction (group 26), part 1: how to play and why draws are fair.
export const HELP_PLAY: SeedArticle[] = [
  {
    id: 2601,
    group: 26,
    sort: 1,
    title: { en: "How a round works", chs: "每一期如何进行", cht: "每一期如何進行", vi: "Một kỳ diễn ra như thế nào" },
    content: {
      en: `<p>Every room runs rounds one after another. Each room sets the length of its rounds; the countdown at the top of the room shows the time left until betting closes, then until the draw.</p>
<ul><li>Pick one or more options (up to nine in one order), enter the amount per option and tap Buy. The order total is the amount times the number of options and must be at least the room's least order, shown on its <strong>Rules</strong> page.</li>
<li>Betting closes a set number of seconds before the draw; the room's <strong>Rules</strong> page says how many. From then on new orders and cancellations are refused until the next round opens.</li>
<li>While betting is open you can cancel an order; the full amount goes back to your balance.</li>
<li>At the draw every order is settled at once: a winning option pays the amount times its odds, the result appears in the room's history and your balance is updated.</li></ul>
<p>Your orders and their results are listed under <strong>Bet records</strong>, every movement of money under <strong>Funds ledger</strong>.</p>`,
      chs: `<p>每个房间的期数依次进行。每期的时长由房间设定；房间顶部的倒计时先显示距离停止投注的时间，再显示距离开奖的时间。</p>
<ul><li>选择一个或多个选项（每笔订单最多九个），输入每个选项的金额后点击购买。订单总额为金额乘以选项数量，不得低于房间的最低订单额（见房间的<strong>规则</strong>页）。</li>
<li>每期在开奖前若干秒停止投注，具体秒数见房间的<strong>规则</strong>页。此后直到下一期开始，新的订单和撤单都会被拒绝。</li>
<li>投注期间可以撤销订单，全部金额将退回您的余额。</li>
<li>开奖时所有订单立即结算：中奖选项按金额乘以赔率派奖，结果显示在房间的历史记录中，余额同步更新。</li></ul>
<p>您的订单及结果可在<strong>投注记录</strong>中查看，每一笔资金变动可在<strong>资金明细</strong>中查看。</p>`,
      cht: `<p>每個房間的期數依次進行。每期的時長由房間設定；房間頂部的倒數計時先顯示距離停止投注的時間，再顯示距離開獎的時間。</p>
<ul><li>選擇一個或多個選項（每筆訂單最多九個），輸入每個選項的金額後點擊購買。訂單總額為金額乘以選項數量，不得低於房間的最低訂單額（見房間的<strong>規則</strong>頁）。</li>
<li>每期在開獎前若干秒停止投注，具體秒數見房間的<strong>規則</strong>頁。此後直到下一期開始，新的訂單和撤單都會被拒絕。</li>
<li>投注期間可以撤銷訂單，全部金額將退回您的餘額。</li>
<li>開獎時所有訂單立即結算：中獎選項按金額乘以賠率派獎，結果顯示在房間的歷史記錄中，餘額同步更新。</li></ul>
<p>您的訂單及結果可在<strong>投注記錄</strong>中查看，每一筆資金變動可在<strong>資金明細</strong>中查看。</p>`,
      vi: `<p>Mỗi phòng chạy các kỳ nối tiếp nhau. Mỗi phòng tự đặt độ dài của một kỳ; đồng hồ đếm ngược ở đầu phòng cho biết thời gian còn lại đến lúc đóng cược, rồi đến lúc quay thưởng.</p>
<ul><li>Chọn một hoặc nhiều lựa chọn (tối đa chín trong một lệnh), nhập số tiền cho mỗi lựa chọn rồi bấm Mua. Tổng lệnh bằng số tiền nhân với số lựa chọn và không được thấp hơn mức lệnh tối thiểu của phòng (xem trang <strong>Luật</strong> của phòng).</li>
<li>Việc đặt cược đóng một số giây nhất định trước khi quay thưởng; trang <strong>Luật</strong> của phòng cho biết là bao nhiêu giây. Từ lúc đó, lệnh mới và việc hủy lệnh đều bị từ chối cho đến khi kỳ tiếp theo mở.</li>
<li>Khi còn mở cược, bạn có thể hủy lệnh; toàn bộ số tiền được hoàn lại vào số dư.</li>
<li>Khi quay thưởng, mọi lệnh được thanh toán ngay: lựa chọn thắng được trả số tiền nhân với tỷ lệ cược, kết quả hiện trong lịch sử của phòng và số dư được cập nhật.</li></ul>
<p>Các lệnh và kết quả của bạn nằm trong mục <strong>Lịch sử cược</strong>, mọi biến động tiền nằm trong mục <strong>Sao kê</strong>.</p>`,
    },
  },
  {
    id: 2602,
    group: 26,
    sort: 2,
    title: {
      en: "Bet options and odds",
      chs: "投注选项与赔率",
      cht: "投注選項與賠率",
      vi: "Lựa chọn cược và tỷ lệ cược",
    },
    content: {
      en: `<p>Four kinds of draw sit behind the sixteen games:</p>
<ul><li><strong>28 games</strong> (Lucky 28, Classic 28, Turbo 28, Royal 28, Big &amp; Small): three digits from 0 to 9, sum 0 to 27.</li>
<li><strong>Fast 3</strong>: three dice, sum 3 to 18.</li>
<li><strong>11x5</strong>: five different balls from 1 to 11; the sum of all five counts (15 to 45).</li>
<li><strong>Racing 10</strong>: ten cars finish in a random order; you bet on the car at each rank.</li></ul>
<p>Big and Small split the possible sums in two, Odd and Even look at the sum, the combinations (Big odd, Small even and so on) need both to hold, Extreme big and Extreme small pay for the far ends and Triple for three equal numbers. In 11x5 a sum of exactly 30 refunds Big, Small, Big even and Small even. In Racing 10 every rank has Big (car 6 to 10), Small (car 1 to 5), Odd and Even, each at 1.98.</p>
<p>The odds beside an option are what it pays per unit staked, stake included. The rules page of each room lists the exact chance and return of every option, computed from the rule itself.</p>`,
      chs: `<p>十六款游戏背后共有四种开奖方式：</p>
<ul><li><strong>28 类游戏</strong>（幸运 28、经典 28、极速 28、皇家 28、大小）：三个 0 到 9 的数字，和值 0 到 27。</li>
<li><strong>快三</strong>：三颗骰子，和值 3 到 18。</li>
<li><strong>11 选 5</strong>：从 1 到 11 中开出五个不同的号码，按五个号码的和值计算（15 到 45）。</li>
<li><strong>赛车 10</strong>：十辆赛车随机排出名次，您可以投注每个名次上的车号。</li></ul>
<p>大和小把和值分成两半，单和双看和值的奇偶，组合选项（大单、小双等）需要两个条件同时成立，极大和极小对应两端的和值，豹子对应三个相同的数字。11 选 5 中和值恰好为 30 时，大、小、大双、小双退还本金。赛车 10 的每个名次都有大（6 到 10 号车）、小（1 到 5 号车）、单、双，赔率均为 1.98。</p>
<p>选项旁的赔率表示每投注一个单位可获得的派奖（含本金）。每个房间的规则页列出每个选项的准确概率和返还率，均由规则本身计算得出。</p>`,
      cht: `<p>十六款遊戲背後共有四種開獎方式：</p>
<ul><li><strong>28 類遊戲</strong>（幸運 28、經典 28、極速 28、皇家 28、大小）：三個 0 到 9 的數字，和值 0 到 27。</li>
<li><strong>快三</strong>：三顆骰子，和值 3 到 18。</li>
<li><strong>11 選 5</strong>：從 1 到 11 中開出五個不同的號碼，按五個號碼的和值計算（15 到 45）。</li>
<li><strong>賽車 10</strong>：十輛賽車隨機排出名次，您可以投注每個名次上的車號。</li></ul>
<p>大和小把和值分成兩半，單和雙看和值的奇偶，組合選項（大單、小雙等）需要兩個條件同時成立，極大和極小對應兩端的和值，豹子對應三個相同的數字。11 選 5 中和值恰好為 30 時，大、小、大雙、小雙退還本金。賽車 10 的每個名次都有大（6 到 10 號車）、小（1 到 5 號車）、單、雙，賠率均為 1.98。</p>
<p>選項旁的賠率表示每投注一個單位可獲得的派獎（含本金）。每個房間的規則頁列出每個選項的準確機率和返還率，均由規則本身計算得出。</p>`,
      vi: `<p>Mười sáu trò chơi dựa trên bốn kiểu quay thưởng:</p>
<ul><li><strong>Nhóm 28</strong> (May mắn 28, Cổ điển 28, Siêu tốc 28, Hoàng gia 28, Lớn &amp; Nhỏ): ba chữ số từ 0 đến 9, tổng từ 0 đến 27.</li>
<li><strong>Fast 3</strong>: ba viên xúc xắc, tổng từ 3 đến 18.</li>
<li><strong>11x5</strong>: năm quả bóng khác nhau từ 1 đến 11; tính tổng cả năm quả (15 đến 45).</li>
<li><strong>Racing 10</strong>: mười xe về đích theo thứ tự ngẫu nhiên; bạn cược vào xe ở từng hạng.</li></ul>
<p>Lớn và Nhỏ chia các tổng thành hai nửa, Lẻ và Chẵn xét tính chẵn lẻ của tổng, các lựa chọn kết hợp (Lớn lẻ, Nhỏ chẵn…) cần cả hai điều kiện, Cực lớn và Cực nhỏ dành cho hai đầu, Bộ ba dành cho ba số giống nhau. Trong 11x5, khi tổng đúng bằng 30, các cược Lớn, Nhỏ, Lớn chẵn và Nhỏ chẵn được hoàn tiền. Trong Racing 10, mỗi hạng có Lớn (xe 6 đến 10), Nhỏ (xe 1 đến 5), Lẻ và Chẵn, đều với tỷ lệ 1.98.</p>
<p>Tỷ lệ cược bên cạnh mỗi lựa chọn là số tiền trả cho mỗi đơn vị đặt cược, đã gồm tiền cược. Trang luật của mỗi phòng liệt kê xác suất và tỷ lệ hoàn trả chính xác của từng lựa chọn, được tính trực tiếp từ luật chơi.</p>`,
    },
  },
  {
    id: 2603,
    group: 26,
    sort: 3,
    title: {
      en: "Provably fair draws",
      chs: "可验证的公平开奖",
      cht: "可驗證的公平開獎",
      vi: "Quay thưởng công bằng có thể kiểm chứng",
    },
    content: {
      en: `<p>No one, including us, can choose or change a result once a round is open. Each round works like this:</p>
<ol><li>Before the round opens, the room picks a secret seed of 32 random bytes and publishes its fingerprint, the commitment: the SHA-256 hash of the seed.</li>
<li>At the draw the result is computed from the seed with HMAC-SHA256, using the room number and the round number as the message. Changing the seed would change the commitment everyone has already seen.</li>
<li>After the draw the seed is published beside the commitment in the round's result.</li></ol>
<p>To check a round, hash the published seed with SHA-256 and compare it with the commitment, then recompute the draw from the seed. Every room's result history shows both values, and the <a href="/fairness">verification page</a> does the calculation for you.</p>`,
      chs: `<p>每期开放后，任何人（包括我们）都无法选择或更改结果。每一期的流程如下：</p>
<ol><li>开期之前，房间生成一个 32 字节的随机密钥种子，并公布它的指纹，即承诺值：种子的 SHA-256 哈希。</li>
<li>开奖时，结果由种子通过 HMAC-SHA256 计算得出，消息为房间号和期号。更换种子就会改变大家已经看到的承诺值。</li>
<li>开奖后，种子会与承诺值一起公布在该期结果中。</li></ol>
<p>验证方法：对公布的种子做 SHA-256 哈希并与承诺值比对，再用种子重新计算开奖结果。每个房间的历史结果都显示这两个值，<a href="/fairness">验证页面</a>也可以替您完成计算。</p>`,
      cht: `<p>每期開放後，任何人（包括我們）都無法選擇或更改結果。每一期的流程如下：</p>
<ol><li>開期之前，房間產生一個 32 位元組的隨機密鑰種子，並公佈它的指紋，即承諾值：種子的 SHA-256 雜湊。</li>
<li>開獎時，結果由種子透過 HMAC-SHA256 計算得出，訊息為房間號和期號。更換種子就會改變大家已經看到的承諾值。</li>
<li>開獎後，種子會與承諾值一起公佈在該期結果中。</li></ol>
<p>驗證方法：對公佈的種子做 SHA-256 雜湊並與承諾值比對，再用種子重新計算開獎結果。每個房間的歷史結果都顯示這兩個值，<a href="/fairness">驗證頁面</a>也可以替您完成計算。</p>`,
      vi: `<p>Khi một kỳ đã mở, không ai, kể cả chúng tôi, có thể chọn hay thay đổi kết quả. Mỗi kỳ diễn ra như sau:</p>
<ol><li>Trước khi kỳ mở, phòng tạo một hạt giống bí mật gồm 32 byte ngẫu nhiên và công bố dấu vân tay của nó, gọi là cam kết: mã băm SHA-256 của hạt giống.</li>
<li>Khi quay thưởng, kết quả được tính từ hạt giống bằng HMAC-SHA256, với thông điệp là số phòng và số kỳ. Đổi hạt giống sẽ làm thay đổi cam kết mà mọi người đã thấy.</li>
<li>Sau khi quay, hạt giống được công bố cạnh cam kết trong kết quả của kỳ đó.</li></ol>
<p>Để kiểm tra một kỳ, hãy băm hạt giống đã công bố bằng SHA-256 và so với cam kết, rồi tính lại kết quả từ hạt giống. Lịch sử kết quả của mỗi phòng hiển thị cả hai giá trị, và <a href="/fairness">trang kiểm chứng</a> có thể tính giúp bạn.</p>`,
    },
  },
];
