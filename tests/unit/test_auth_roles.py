"""The maintainers' account beside the users' (ui/auth.py, ui/server.py): which role credentials and tokens
sign in as, and the start-up errors that name the fix."""

from __future__ import annotations

import pytest
from faqbot.bot.settings import Settings
from faqbot.ui.accounts import MAINTAINER, USER, Auth
from faqbot.ui.server import read_auth, read_maintainer


def test_each_account_signs_in_as_its_role():
    auth = Auth("team", "team pass phrase", maintainer=("keeper", "keeper pass phrase"))
    assert auth.maintainers_only
    assert auth.role(b"team", b"team pass phrase") == USER
    assert auth.role(b"keeper", b"keeper pass phrase") == MAINTAINER
    assert auth.role(b"team", b"keeper pass phrase") is None and auth.role(b"keeper", b"team pass phrase") is None
    user, keeper = auth.new_session(USER), auth.new_session(MAINTAINER)
    assert auth.session_role(user) == USER and auth.session_role(keeper) == MAINTAINER
    # a token whose expiry was moved is nobody's
    nonce, expiry, sig = user.split(".")
    assert auth.session_role(f"{nonce}.{int(expiry) + 1}.{sig}") is None
    # another replica with the same two accounts reads the same roles; one with only the users' account does not
    # take a maintainer's token at all
    other = Auth("team", "team pass phrase", maintainer=("keeper", "keeper pass phrase"))
    assert other.session_role(keeper) == MAINTAINER and other.session_role(user) == USER
    assert Auth("team", "team pass phrase").session_role(keeper) is None
    auth.end_session(keeper)
    assert auth.session_role(keeper) is None and auth.session_role(user) == USER


def test_without_a_maintainers_account_the_users_one_is_all():
    auth = Auth("team", "team pass phrase")
    assert not auth.maintainers_only and auth.role(b"team", b"team pass phrase") == USER


def test_the_same_credentials_for_both_make_a_maintainer():
    auth = Auth("team", "same", maintainer=("team", "same"))
    assert auth.role(b"team", b"same") == MAINTAINER
    assert auth.session_role(auth.new_session(MAINTAINER)) == MAINTAINER


def test_the_maintainers_file_is_read_and_needs_the_users_sign_in(tmp_path):
    users, keeper = tmp_path / "users", tmp_path / "keeper"
    users.write_text("team:pass\n")
    keeper.write_text("\ufeffkeeper:pass with spaces \n")
    s = Settings.from_env({"auth_file": str(users), "maintainer_auth_file": str(keeper)}, environ={})
    assert read_maintainer(s, read_auth(s)) == ("keeper", "pass with spaces ")
    alone = Settings.from_env({"maintainer_auth_file": str(keeper)}, environ={})
    with pytest.raises(ValueError, match="needs the users' sign-in too: give --auth-file"):
        read_maintainer(alone, read_auth(alone))
    (tmp_path / "bad").write_text("no colon here\n")
    bad = Settings.from_env({"auth_file": str(users), "maintainer_auth_file": str(tmp_path / "bad")}, environ={})
    with pytest.raises(ValueError, match=r"USER:PASS \(--maintainer-auth-file\)"):
        read_maintainer(bad, read_auth(bad))
    gone = Settings.from_env({"auth_file": str(users), "maintainer_auth_file": str(tmp_path / "gone")}, environ={})
    with pytest.raises(ValueError, match="cannot read the maintainers' auth file"):
        read_maintainer(gone, read_auth(gone))
    (tmp_path / "same").write_text("team:another pass\n")
    same = Settings.from_env({"auth_file": str(users), "maintainer_auth_file": str(tmp_path / "same")}, environ={})
    with pytest.raises(ValueError, match="has the users' user name .*give the maintainers their own"):
        read_maintainer(same, read_auth(same))
    env = Settings.from_env(environ={"FAQBOT_AUTH": "team:pass", "FAQBOT_MAINTAINER_AUTH_FILE": str(keeper)})
    assert read_maintainer(env, read_auth(env)) == ("keeper", "pass with spaces ")
    assert read_maintainer(Settings.from_env(environ={}), None) is None
