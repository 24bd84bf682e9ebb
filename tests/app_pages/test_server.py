"""The app's server asks nothing of another host: started headless (as ``python3 run.py app
--server.headless true`` is in a club), Streamlit would ask a service on the internet for the
machine's external address unless ``.streamlit/config.toml`` names the address it shows."""
from pathlib import Path

from streamlit import config, net_util
from streamlit.web import bootstrap

ROOT = Path(__file__).resolve().parents[2]


def test_starting_headless_asks_no_outside_service(monkeypatch, capsys):
    asked = []
    monkeypatch.setattr(net_util, "get_external_ip", lambda: asked.append("external ip"))
    monkeypatch.chdir(ROOT)  # Streamlit reads .streamlit/config.toml from the directory it starts in
    bootstrap.load_config_options({"server.headless": True})
    try:
        assert config.get_option("browser.gatherUsageStats") is False
        bootstrap._print_url(is_running_hello=False)
        assert asked == [], "the start-up message asked the internet for the machine's external address"
        assert "localhost" in capsys.readouterr().out
    finally:
        config.get_config_options(force_reparse=True)
