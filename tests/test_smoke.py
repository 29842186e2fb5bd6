from jantaku.hand import Hand, shanten


def test_tenpai_hand_has_shanten_zero() -> None:
    assert shanten(Hand.parse("123m456p789s1122z").concealed_counts()) == 0
